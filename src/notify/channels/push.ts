import type { Store } from '../../store/orm.js';
import { PushToken } from '../../store/entities/push-token.js';
import { User } from '../../store/entities/user.js';
import { WorkspaceShare } from '../../store/entities/workspace.js';
import { delivered, failed, retry, type Channel, type ChannelRouting, type DeliveryOutcome, type DeliveryTarget } from '../channel.js';
import { outcomeOfError } from '../error-outcome.js';
import type { OutboxEventView } from '../event.js';
import { outcomeOfStatus } from '../http-outcome.js';
import { describeEvent } from '../message-text.js';
import type { OutboundHttp } from '../outbound-http.js';
import type { AccessTokenSource } from '../push-access-token.js';

/** Every event, certificate change notices included, to the devices of the group's workspace (the destination is its id). */
export const pushRouting: ChannelRouting = {
  name: 'push',
  carries: () => true,
  destinationsOf: (group) => (group.pushEnabled ? [String(group.workspace.id)] : []),
  dedupeKey: (workspaceId) => workspaceId,
};

export interface PushAccount {
  apiBaseUrl: string;
  projectId: string | undefined;
  accessToken: AccessTokenSource | null;
}

/** FCM HTTP v1 message for one device; `data` values must be strings. */
export function buildPushMessage(event: OutboxEventView, deliveryId: string, token: string): unknown {
  const message = describeEvent(event);
  return {
    message: {
      token,
      notification: { title: message.title, body: message.facts.map(([label, value]) => `${label}: ${value}`).join('\n') },
      data: {
        delivery_id: deliveryId,
        event_type: event.eventType,
        workspace_id: String(event.workspaceId),
        resource_type: event.resource.type,
        resource_id: String(event.resource.id),
      },
      android: { priority: 'HIGH' },
    },
  };
}

/** A device token FCM will never accept again: `UNREGISTERED` (404) or `INVALID_ARGUMENT` (400). */
export function isDeadTokenAnswer(status: number, body: string): boolean {
  if (status !== 404 && status !== 400) return false;
  try {
    const error = (JSON.parse(body) as { error?: { status?: unknown; details?: Array<{ errorCode?: unknown }> } }).error;
    const codes = [error?.status, ...(error?.details ?? []).map((detail) => detail?.errorCode)];
    return codes.includes('UNREGISTERED') || codes.includes('INVALID_ARGUMENT');
  } catch {
    return false;
  }
}

/** Devices sent to at once for one delivery. */
const DEVICE_CONCURRENCY = 8;

/**
 * Android push to every device registered by a user who can see the workspace: the client's
 * administrators and the users it is shared with. Devices FCM reports gone are unregistered.
 * A passing failure on any device retries the whole delivery; the repeated `delivery_id` in
 * `data` lets the app drop the copy on devices that already had it.
 */
export class PushChannel implements Channel {
  readonly name = 'push' as const;

  constructor(
    private readonly http: OutboundHttp,
    private readonly store: Store,
    private readonly account: PushAccount,
  ) {}

  async send(event: OutboxEventView, target: DeliveryTarget, signal: AbortSignal): Promise<DeliveryOutcome> {
    const { projectId, accessToken } = this.account;
    if (!projectId || !accessToken) return failed('push is not configured on this server (VANTAGE_PUSH_PROJECT_ID and a credential)');
    const workspaceId = Number(target.destination);
    if (!Number.isInteger(workspaceId)) return failed(`"${target.destination}" is not a workspace id`);
    const tokens = await this.tokensOfWorkspace(event.clientId, workspaceId);
    if (tokens.length === 0) return delivered();
    let bearer: string;
    try {
      bearer = await accessToken.get(signal);
    } catch (error) {
      return outcomeOfError(error);
    }
    const outcomes: DeliveryOutcome[] = [];
    const queue = [...tokens];
    const worker = async (): Promise<void> => {
      for (let token = queue.shift(); token !== undefined; token = queue.shift()) outcomes.push(await this.sendToDevice(event, target, token, bearer, signal));
    };
    await Promise.all(Array.from({ length: Math.min(DEVICE_CONCURRENCY, tokens.length) }, worker));
    return combine(outcomes);
  }

  private async tokensOfWorkspace(clientId: number, workspaceId: number): Promise<string[]> {
    const em = this.store.em.fork();
    const shares = await em.find(WorkspaceShare, { workspace: workspaceId }, { fields: ['user'] });
    const admins = await em.find(User, { client: clientId, isAdmin: true }, { fields: ['id'] });
    const userIds = [...new Set([...admins.map((u) => u.id), ...shares.map((s) => s.user.id)])];
    if (userIds.length === 0) return [];
    const rows = await em.find(PushToken, { user: { $in: userIds } }, { fields: ['token'], orderBy: { id: 'asc' } });
    return rows.map((row) => row.token);
  }

  private async sendToDevice(event: OutboxEventView, target: DeliveryTarget, token: string, bearer: string, signal: AbortSignal): Promise<DeliveryOutcome> {
    try {
      const response = await this.http.request(
        {
          url: `${this.account.apiBaseUrl.replace(/\/+$/, '')}/v1/projects/${encodeURIComponent(this.account.projectId!)}/messages:send`,
          method: 'POST',
          userDestination: false,
          headers: { 'Content-Type': 'application/json; charset=utf-8', Authorization: `Bearer ${bearer}` },
          body: JSON.stringify(buildPushMessage(event, target.deliveryId, token)),
        },
        signal,
      );
      if (isDeadTokenAnswer(response.status, response.body)) {
        await this.store.em.fork().nativeDelete(PushToken, { token });
        return delivered(response.status);
      }
      if (response.status === 401) this.account.accessToken!.invalidate();
      // Our credential being refused is our problem to fix, not the device's: keep trying until the give-up time.
      if (response.status === 401 || response.status === 403) return retry(`FCM refused the credential (HTTP ${response.status})`, response.status);
      return outcomeOfStatus(response.status, response.status >= 400 ? response.body.slice(0, 200) : '');
    } catch (error) {
      return outcomeOfError(error);
    }
  }
}

/** All devices done: delivered. Any passing failure: retry. Otherwise the first final failure. */
function combine(outcomes: DeliveryOutcome[]): DeliveryOutcome {
  const retrying = outcomes.find((o) => o.kind === 'retry');
  if (retrying) return retrying;
  const failing = outcomes.find((o) => o.kind === 'failed');
  if (failing && failing.kind === 'failed') return failed(`${outcomes.filter((o) => o.kind === 'failed').length} of ${outcomes.length} devices: ${failing.reason}`, failing.code);
  return delivered();
}
