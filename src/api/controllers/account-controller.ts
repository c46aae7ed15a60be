import type { Request as ExpressRequest } from 'express';
import type {} from 'multer';
import { Body, Post, Request, Response, Route, Security, Tags, UploadedFile } from '@tsoa/runtime';
import { changePassword } from '../account/change-password.js';
import { storeProfileImage, type StoredImage } from '../account/profile-image.js';
import { principalOf } from '../auth/principal.js';
import { ApiController } from '../base-controller.js';
import { ok, type ErrorBody, type Success } from '../envelope.js';

export interface ChangePasswordRequest {
  current_password: string;
  /** 8 to 200 characters, different from the current one. */
  new_password: string;
}

export interface PasswordChanged {
  /** Other sessions and cached sign-ins of the old password stop working at once. */
  credentials_version: number;
}

@Route('mobile/account')
@Tags('Account and devices')
@Security('basic')
@Response<ErrorBody>(401, 'Missing or wrong credentials')
export class AccountController extends ApiController {
  /**
   * Changes the caller's password. Exempt from entitlement. Raises the credentials version, which
   * revokes everything derived from the old password (cached sign-ins, remember-me tokens).
   * A wrong current_password is 403 FORBIDDEN; a new password outside 8–200 characters is 422.
   */
  @Post('change-password')
  @Response<ErrorBody>(403, 'current_password is wrong')
  @Response<ErrorBody>(422, 'new_password too short, too long or unchanged')
  public async changePassword(@Request() req: ExpressRequest, @Body() body: ChangePasswordRequest): Promise<Success<PasswordChanged>> {
    return ok({ credentials_version: await changePassword(this.context, principalOf(req), body.current_password, body.new_password) });
  }

  /**
   * Sets the caller's profile image: multipart/form-data with the part `profile_image`, a PNG,
   * JPEG or WebP image (recognised by its content, not its declared type) of at most 2 MiB.
   */
  @Post('upload-image')
  @Response<ErrorBody>(413, 'The image is larger than 2 MiB')
  @Response<ErrorBody>(422, 'profile_image missing or not a PNG, JPEG or WebP image')
  public async uploadImage(@Request() req: ExpressRequest, @UploadedFile('profile_image') profile_image: Express.Multer.File): Promise<Success<StoredImage>> {
    return ok(await storeProfileImage(this.context, principalOf(req), profile_image?.buffer));
  }
}
