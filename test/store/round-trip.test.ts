import test from 'ava';
import { cycleKey } from '../../src/store/location-results-codec.js';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ActivityLogEntry,
  CertificateSnapshot,
  Client,
  DailyAvailability,
  DeliveryAttempt,
  Domain,
  ExpiryNotice,
  Incident,
  IncidentNote,
  MaintenanceWindow,
  NotificationGroup,
  OutboxDelivery,
  OutboxEvent,
  PushToken,
  Run,
  UptimeCheck,
  UptimeCheckFavorite,
  User,
  Workspace,
  WorkspaceShare,
} from '../../src/store/entities/index.js';
import { allPermissions } from '../../src/domain/permissions.js';
import { engineName, freshStore } from '../support/database.js';

const context = await freshStore();
const { store } = context;
test.after.always(() => context.close());

const em = (): EntityManager => store.em.fork();

async function seed(tx: EntityManager, suffix: string) {
  const client = tx.create(Client, { name: `Acme ${suffix}`, plan: 'pro' });
  const user = tx.create(User, { client, email: `ops-${suffix}@acme.test`, passwordHash: 'x', permissions: allPermissions() });
  const workspace = tx.create(Workspace, { client, name: 'Prod' });
  const group = tx.create(NotificationGroup, { workspace, name: 'On call', webhookSecret: 's'.repeat(64), emailAddresses: ['a@acme.test'] });
  const check = tx.create(UptimeCheck, {
    workspace,
    name: 'Homepage',
    checkType: 'http',
    hostname: 'example.com',
    protocol: 'https',
    path: '/',
    checkFrequency: 1,
    requestMethod: 'get',
    responseTimeout: 10000,
    triggerLocations: ['eu-west', 'us-east'],
    minFailingLocations: 2,
    responseClasses: ['2XX'],
  });
  check.notificationGroups.add(group);
  await tx.flush();
  return { client, user, workspace, group, check };
}

test.serial(`every entity round-trips on ${engineName()}`, async (t) => {
  const { client, user, workspace, group, check } = await seed(em(), 'a');
  const tx = em();
  const share = tx.create(WorkspaceShare, { workspace: workspace.id, user: user.id });
  const favorite = tx.create(UptimeCheckFavorite, { user: user.id, workspace: workspace.id, check: check.id });
  const run = tx.create(Run, {
    check: check.id,
    cycleKey: cycleKey('c-1'),
    startedAt: new Date('2026-11-22T10:00:00Z'),
    finishedAt: new Date('2026-11-22T10:00:01Z'),
    state: 'DOWN',
    failingLocations: 2,
    results: [{ location: 'eu-west', state: 'down', reason: 'connection refused', latencyMs: 3, phases: { connectMs: 3 }, late: false }],
  });
  const daily = tx.create(DailyAvailability, { check: check.id, day: '2026-11-22', downRuns: 1 });
  const incident = tx.create(Incident, {
    workspace: workspace.id,
    check: check.id,
    severity: 'critical',
    failedLocations: ['eu-west', 'us-east'],
    openedByCycle: 'c-1',
    openedAt: new Date(),
  });
  const note = tx.create(IncidentNote, { incident, body: 'opened: 2 of 2 locations failing' });
  const domain = tx.create(Domain, { workspace: workspace.id, name: 'example.com' });
  domain.notificationGroups.add(tx.getReference(NotificationGroup, group.id));
  const snapshot = tx.create(CertificateSnapshot, {
    domain,
    subject: 'CN=example.com',
    issuer: 'CN=Test CA',
    subjectAltNames: ['example.com'],
    notBefore: new Date('2026-01-01T00:00:00Z'),
    notAfter: new Date('2027-01-01T00:00:00Z'),
    serialNumber: '01',
    fingerprintSha256: 'AA:BB',
    chain: [],
    trusted: true,
    hostnameMatches: true,
    firstSeenAt: new Date(),
    lastSeenAt: new Date(),
  });
  const notice = tx.create(ExpiryNotice, { domain, fingerprintSha256: 'AA:BB', milestoneDays: 30 });
  const window = tx.create(MaintenanceWindow, {
    workspace: workspace.id,
    name: 'Upgrade',
    scope: 'uptime_check',
    check: check.id,
    startsAt: new Date('2026-11-23T00:00:00Z'),
    endsAt: new Date('2026-11-23T01:00:00Z'),
  });
  const token = tx.create(PushToken, { user: user.id, token: 'device-token-1' });
  const event = tx.create(OutboxEvent, {
    client: client.id,
    workspace: workspace.id,
    eventType: 'uptime.check.failed',
    occurredAt: new Date(),
    resource: { type: 'uptime_check', id: check.id, name: 'Homepage' },
    context: { incident_id: 1, severity: 'critical', failed_locations: ['eu-west'] },
    ssl: null,
    certificate: null,
  });
  const delivery = tx.create(OutboxDelivery, { event, group: group.id, channel: 'webhook', destination: 'https://hooks.test/x', deliveryId: 'a'.repeat(32) });
  const attempt = tx.create(DeliveryAttempt, { delivery, attemptedAt: new Date(), outcome: 'retry', responseCode: 503, durationMs: 12 });
  const log = tx.create(ActivityLogEntry, { client: client.id, actor: user.id, action: 'uptime_check.create', resourceType: 'uptime_check', resourceId: check.id });
  await tx.flush();

  const read = em();
  const loadedCheck = await read.findOneOrFail(UptimeCheck, check.id, { populate: ['notificationGroups'] });
  t.deepEqual(loadedCheck.triggerLocations, ['eu-west', 'us-east']);
  t.deepEqual(loadedCheck.notificationGroups.getIdentifiers(), [group.id]);
  t.is(loadedCheck.state, 'pending');
  t.is(loadedCheck.managedBy, 'api');
  t.is((await read.findOneOrFail(Run, { id: run.id })).results[0]!.reason, 'connection refused');
  t.is((await read.findOneOrFail(DailyAvailability, daily.id)).day, '2026-11-22');
  const loadedIncident = await read.findOneOrFail(Incident, incident.id, { populate: ['notes'] });
  t.is(loadedIncident.status, 'open');
  t.is(loadedIncident.notes.getItems()[0]!.body, 'opened: 2 of 2 locations failing');
  t.is((await read.findOneOrFail(CertificateSnapshot, snapshot.id)).notAfter.toISOString(), '2027-01-01T00:00:00.000Z');
  t.is((await read.findOneOrFail(MaintenanceWindow, window.id)).scope, 'uptime_check');
  t.is((await read.findOneOrFail(OutboxDelivery, delivery.id, { populate: ['event'] })).event.eventType, 'uptime.check.failed');
  t.is((await read.findOneOrFail(DeliveryAttempt, attempt.id)).responseCode, 503);
  for (const [entity, id] of [
    [WorkspaceShare, share.id],
    [UptimeCheckFavorite, favorite.id],
    [IncidentNote, note.id],
    [ExpiryNotice, notice.id],
    [PushToken, token.id],
    [ActivityLogEntry, log.id],
  ] as const) {
    t.truthy(await read.findOne(entity as never, id), `${(entity as { name: string }).name} is stored`);
  }

  const update = em();
  const toUpdate = await update.findOneOrFail(UptimeCheck, check.id);
  toUpdate.paused = true;
  toUpdate.name = 'Homepage (renamed)';
  await update.flush();
  const updated = await em().findOneOrFail(UptimeCheck, check.id);
  t.true(updated.paused);
  t.is(updated.version, 2);

  const remove = em();
  remove.remove(remove.getReference(Client, client.id));
  await remove.flush();
  const after = em();
  for (const entity of [User, Workspace, UptimeCheck, Run, Incident, Domain, CertificateSnapshot, OutboxEvent, OutboxDelivery, ActivityLogEntry]) {
    t.is(await after.count(entity as never, {}), 0, `${entity.name} rows go with their client`);
  }
});

test.serial('unique constraints hold', async (t) => {
  const { workspace, user, check } = await seed(em(), 'b');
  const duplicateEmail = em();
  duplicateEmail.create(User, { client: user.client.id, email: user.email, passwordHash: 'x', permissions: allPermissions() });
  await t.throwsAsync(() => duplicateEmail.flush(), { instanceOf: UniqueConstraintViolationException });

  const duplicateName = em();
  duplicateName.create(UptimeCheck, {
    workspace: workspace.id,
    name: check.name,
    checkType: 'ping',
    hostname: 'example.org',
    checkFrequency: 5,
    responseTimeout: 10000,
    triggerLocations: ['eu-west'],
    minFailingLocations: 1,
  });
  await t.throwsAsync(() => duplicateName.flush(), { instanceOf: UniqueConstraintViolationException });

  const duplicateFavorite = em();
  duplicateFavorite.create(UptimeCheckFavorite, { user: user.id, workspace: workspace.id, check: check.id });
  duplicateFavorite.create(UptimeCheckFavorite, { user: user.id, workspace: workspace.id, check: check.id });
  await t.throwsAsync(() => duplicateFavorite.flush(), { instanceOf: UniqueConstraintViolationException });

  const duplicateCycle = em();
  for (let i = 0; i < 2; i++) {
    duplicateCycle.create(Incident, {
      workspace: workspace.id,
      check: check.id,
      severity: 'major',
      failedLocations: ['eu-west'],
      openedByCycle: 'same-cycle',
      openedAt: new Date(),
    });
  }
  await t.throwsAsync(() => duplicateCycle.flush(), { instanceOf: UniqueConstraintViolationException });
});

test.serial('a failed transaction leaves nothing behind', async (t) => {
  const before = await em().count(Client, {});
  await t.throwsAsync(
    () =>
      em().transactional(async (tx) => {
        const client = tx.create(Client, { name: 'Doomed', plan: 'basic' });
        tx.create(Workspace, { client, name: 'W' });
        await tx.flush();
        throw new Error('boom after the flush');
      }),
    { message: 'boom after the flush' },
  );
  t.is(await em().count(Client, {}), before);
  t.is(await em().count(Workspace, { name: 'W' }), 0);
});
