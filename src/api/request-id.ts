import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

const acceptable = /^[A-Za-z0-9._:-]{1,128}$/;

/** Echoes the caller's X-Request-Id (when it is a sane token) or makes one; every log line of the request carries it. */
export const requestId: RequestHandler = (req, res, next) => {
  const given = req.header('x-request-id');
  const id = given && acceptable.test(given) ? given : randomUUID();
  res.locals.requestId = id;
  res.setHeader('X-Request-Id', id);
  next();
};
