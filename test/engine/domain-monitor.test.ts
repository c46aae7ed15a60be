import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test, { type ExecutionContext } from 'ava';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ProbeAgent } from '../../agents/probe-agent.js';
import { randomBytes } from 'node:crypto';
import { InProcessBus } from '../../src/bus/in-process-bus.js';
import { NatsBus } from '../../src/bus/nats-bus.js';
import { changeSubject } from '../../src/bus/subjects.js';
import { loadSettings } from '../../src/config/load-settings.js';
import { DomainNotFound, startDomainMonitor, type DomainMonitor, type DomainMonitorOptions } from '../../src/engine/domain-monitor.js';
import { nextDomainCheckAt } from '../../src/engine/domain-schedule.js';
import { createLogger } from '../../src/log.js';
import { CertificateSnapshot, Domain, ExpiryNotice } from '../../src/store/entities/domain.js';
import { NotificationGroup } from '../../src/store/entities/notification-group.js';
import { OutboxDelivery, OutboxEvent } from '../../src/store/entities/outbox.js';
import { Workspace } from '../../src/store/entities/workspace.js';
import { provisionClient } from '../../src/store/provisioning.js';
import { freshStore } from '../support/database.js';
import { FakeClock } from './fake-clock.js';
import { until } from './helpers.js';

interface KeyPair {
  key: string;
  cert: string;
}

/** A throw-away CA and two leaves for 127.0.0.1 made with the openssl CLI: one expiring in 5 days, one in 60. */
function makeCertificates(): { caPem: string; expiringSoon: KeyPair; renewed: KeyPair } {
  const dir = mkdtempSync(join(tmpdir(), 'vantage-domain-pki-'));
  const openssl = (...args: string[]): void => void execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  try {
    openssl('req', '-x509', ...ecKey, '-keyout', 'ca.key', '-out', 'ca.pem', '-subj', '/CN=Vantage Domain Test CA/O=Vantage', '-days', '90');
    writeFileSync(join(dir, 'leaf.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
    const leaf = (name: string, days: string): KeyPair => {
      openssl('req', ...ecKey, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`);
      openssl('x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', `${name}.pem`, '-days', days, '-extfile', 'leaf.ext');
      return { key: readFileSync(join(dir, `${name}.key`), 'utf8'), cert: readFileSync(join(dir, `${name}.pem`), 'utf8') };
    };
    return { caPem: readFileSync(join(dir, 'ca.pem'), 'utf8'), expiringSoon: leaf('soon', '5'), renewed: leaf('renewed', '60') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An HTTPS server on 127.0.0.1 whose certificate the test swaps. */
async function startTlsServer(pair: KeyPair): Promise<{ port: number; connections(): number; serve(pair: KeyPair): void; close(): Promise<void> }> {
  const server: Server = createServer({ key: pair.key, cert: pair.cert }, (_request, response) => response.end('ok'));
  // TCP connections: a probe hangs up right after its handshake, before the server sees it complete.
  let connections = 0;
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    serve: (next) => server.setSecureContext({ key: next.key, cert: next.cert }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const allTriggers = { trigger30Days: true, trigger14Days: true, trigger7Days: true, trigger3Days: true, trigger1Day: true };

/** Every channel, so the test sees which channels each event reaches. */
function everyChannel(name: string) {
  return {
    name,
    emailAddresses: [`${name}@example.com`],
    phoneNumbers: ['+15550100'],
    webhookUrl: `https://hooks.example.com/${name}`,
    webhookSecret: 'secret',
    chatIncomingWebhookUrl: `https://chat.example.com/${name}`,
    messengerBotToken: '123:token',
    messengerChatId: `chat-${name}`,
    pushEnabled: true,
  };
}

/**
 * The monitor end to end in the `serve` shape: fresh store, in-process bus, a real probe agent
 * reading the certificate of a real local HTTPS server (whose certificate a test may swap).
 * The monitor is started by the test, with its own settings, and stopped with the rest.
 */
async function serveShape(t: ExecutionContext, leaf: 'expiringSoon' | 'renewed') {
  const { store, close } = await freshStore();
  const logger = createLogger('silent');
  const bus = new InProcessBus(logger);
  const pki = makeCertificates();
  const server = await startTlsServer(pki[leaf]);
  const agent = new ProbeAgent({ bus, location: 'eu-west', agentId: 'agent-1', concurrency: 4, probeOptions: { allowPrivateTargets: true, extraCa: [pki.caPem] }, logger });
  agent.start();
  const clock = new FakeClock(Date.now());
  const started: DomainMonitor[] = [];
  t.teardown(async () => {
    for (const monitor of started) await monitor.stop();
    await agent.stop(100);
    await bus.close();
    await server.close();
    await close();
  });
  const startMonitor = async (options: Omit<DomainMonitorOptions, 'logger' | 'store' | 'bus' | 'clock'>): Promise<DomainMonitor> => {
    const monitor = await startDomainMonitor({ ...options, logger, store, bus, clock });
    started.push(monitor);
    return monitor;
  };
  return { bus, agent, pki, server, clock, startMonitor, em: (): EntityManager => store.em.fork() as EntityManager };
}

test('check-now records the certificate, warns once per milestone and group flags, and announces a swapped certificate only to attached groups', async (t) => {
  const { pki, server, clock, startMonitor, em } = await serveShape(t, 'expiringSoon');

  const setup = em();
  const ids = await provisionClient(setup, { name: 'Certs', email: `certs-${Date.now()}@example.com`, password: 'correct horse battery', plan: 'pro' });
  const workspace = await setup.findOneOrFail(Workspace, ids.workspace_id);
  const everyMilestone = setup.create(NotificationGroup, { workspace, ...everyChannel('ops'), ...allTriggers });
  const noSevenDay = setup.create(NotificationGroup, { workspace, ...everyChannel('security'), ...allTriggers, trigger7Days: false });
  const noExpiry = setup.create(NotificationGroup, {
    workspace,
    ...everyChannel('changes'),
    trigger30Days: false,
    trigger14Days: false,
    trigger7Days: false,
    trigger3Days: false,
    trigger1Day: false,
  });
  const unattached = setup.create(NotificationGroup, { workspace, ...everyChannel('elsewhere'), ...allTriggers });
  // Already scheduled for later, so the first check is the check-now below.
  const domain = setup.create(Domain, { workspace, name: `127.0.0.1:${server.port}`, nextCheckAt: new Date(clock.now() + 3600_000) });
  domain.notificationGroups.set([everyMilestone, noSevenDay, noExpiry]);
  await setup.flush();

  const monitor = await startMonitor({ settings: loadSettings({ VANTAGE_LOCATIONS: 'eu-west' }) });
  const editedAt = (await em().findOneOrFail(Domain, domain.id)).updatedAt.getTime();
  const outcome = await monitor.checkNow(domain.id);
  t.is(outcome.status, 'checked');
  t.is(outcome.error, null);
  t.false(outcome.certificateChanged, 'the first sighting is no change');
  t.deepEqual(outcome.expiryNoticesSent, [7, 14]);
  t.is(outcome.certificate?.daysUntilExpiry, 4, 'a 5-day leaf checked a moment later has 4 whole days left');
  const afterFirst = await em().findOneOrFail(Domain, domain.id, { populate: ['currentCertificate'] });
  t.is(afterFirst.lastCheckedAt?.toISOString() ?? null, outcome.checkedAt);
  t.is(afterFirst.lastCheckError, null);
  t.is(afterFirst.updatedAt.getTime(), editedAt, 'a check is not an edit');
  const first = afterFirst.currentCertificate!;
  t.is(outcome.certificate?.snapshotId, first.id);
  t.is(first.subject, 'CN=soon');
  t.is(first.issuer, 'CN=Vantage Domain Test CA, O=Vantage');
  t.deepEqual(first.subjectAltNames, ['localhost', '127.0.0.1']);
  t.true(first.trusted, 'the test CA is trusted through extraCa');
  t.true(first.hostnameMatches);
  t.is(first.verificationError, null);
  t.regex(first.fingerprintSha256, /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  t.is(first.firstSeenAt.getTime(), first.lastSeenAt.getTime());
  t.is(afterFirst.certificateNotAfter?.getTime(), first.notAfter.getTime());
  t.is(Date.parse(outcome.certificate!.notAfter), first.notAfter.getTime());

  // 4 days left: the group with every flag gets the 7-day notice, the group without the 7-day flag
  // the 14-day one, the group with no flag nothing; nobody gets 30 and 14 as well.
  const notices = await em().find(ExpiryNotice, { domain: domain.id }, { orderBy: { milestoneDays: 'asc' } });
  t.deepEqual(
    notices.map((notice) => [notice.milestoneDays, notice.fingerprintSha256]),
    [
      [7, first.fingerprintSha256],
      [14, first.fingerprintSha256],
    ],
  );
  const expiring = await em().find(OutboxEvent, { eventType: 'domain.ssl.expiring_soon' }, { orderBy: { id: 'asc' } });
  t.is(expiring.length, 2);
  const expectedSsl = { days_until_expiry: 4, not_after: first.notAfter.toISOString().replace('T', ' ').slice(0, 19) };
  for (const event of expiring) {
    t.deepEqual(event.ssl, expectedSsl);
    t.deepEqual(event.resource, { type: 'domain', id: domain.id, name: domain.name });
    t.is(event.workspace.id, workspace.id);
  }
  const recipientsOf = async (event: OutboxEvent) =>
    (await em().find(OutboxDelivery, { event: event.id })).map((d) => `${d.group?.id}:${d.channel}`).sort();
  const allChannels = (groupId: number) => ['chat', 'email', 'messenger', 'push', 'sms', 'webhook'].map((channel) => `${groupId}:${channel}`);
  const byGroup = await Promise.all(expiring.map(recipientsOf));
  t.deepEqual(byGroup.sort((a, b) => a[0]!.localeCompare(b[0]!)), [allChannels(everyMilestone.id), allChannels(noSevenDay.id)].sort((a, b) => a[0]!.localeCompare(b[0]!)));

  // Check-now on the same certificate: the history keeps one row, no milestone is announced again.
  const again = await monitor.checkNow(domain.id);
  t.is(again.status, 'checked');
  t.is(again.error, null);
  t.false(again.certificateChanged);
  t.deepEqual(again.expiryNoticesSent, []);
  t.is(again.certificate?.snapshotId, first.id);
  t.is(again.certificate?.daysUntilExpiry, 4);
  t.is(again.certificate?.fingerprintSha256, first.fingerprintSha256);
  t.is(await em().count(CertificateSnapshot, { domain: domain.id }), 1);
  t.is(await em().count(ExpiryNotice, { domain: domain.id }), 2);
  t.is(await em().count(OutboxEvent, {}), 2);
  const refreshed = await em().findOneOrFail(CertificateSnapshot, first.id);
  t.true(refreshed.lastSeenAt > first.lastSeenAt, 'seen again');
  t.is(refreshed.firstSeenAt.getTime(), first.firstSeenAt.getTime());

  // The server now presents a renewed certificate: a new history row and one change notice, on
  // chat, messenger and push of the attached groups only.
  server.serve(pki.renewed);
  const swapped = await monitor.checkNow(domain.id);
  t.is(swapped.status, 'checked');
  t.true(swapped.certificateChanged);
  t.deepEqual(swapped.expiryNoticesSent, [], 'a 60-day certificate is not expiring soon');
  t.is(swapped.certificate?.subject, 'CN=renewed');
  const history = await em().find(CertificateSnapshot, { domain: domain.id }, { orderBy: { id: 'asc' } });
  t.is(history.length, 2);
  const renewed = history[1]!;
  t.not(renewed.fingerprintSha256, first.fingerprintSha256);
  const current = await em().findOneOrFail(Domain, domain.id);
  t.is(current.currentCertificate?.id, renewed.id);
  t.is(current.certificateNotAfter?.getTime(), renewed.notAfter.getTime());
  const changes = await em().find(OutboxEvent, { eventType: 'domain.ssl.certificate_changed' });
  t.is(changes.length, 1);
  t.deepEqual(changes[0]!.certificate, {
    changed: ['fingerprint', 'serial'],
    previous: { fingerprint_sha256: first.fingerprintSha256, serial_number: first.serialNumber, issuer: first.issuer, not_after: first.notAfter.toISOString() },
    current: { fingerprint_sha256: renewed.fingerprintSha256, serial_number: renewed.serialNumber, issuer: renewed.issuer, not_after: renewed.notAfter.toISOString() },
  });
  t.is(changes[0]!.ssl, null);
  // Push goes to the workspace's devices: once per event, however many groups enable it.
  const chatAndMessenger = (groupId: number) => [`${groupId}:chat`, `${groupId}:messenger`];
  t.deepEqual(
    await recipientsOf(changes[0]!),
    [...chatAndMessenger(everyMilestone.id), `${everyMilestone.id}:push`, ...chatAndMessenger(noSevenDay.id), ...chatAndMessenger(noExpiry.id)].sort(),
  );
  t.is(await em().count(OutboxDelivery, { group: unattached.id }), 0, 'an unattached group hears nothing');
  t.is(await em().count(ExpiryNotice, { domain: domain.id }), 2);

  // Back to the first certificate: a change again, but its milestones were already announced.
  server.serve(pki.expiringSoon);
  const back = await monitor.checkNow(domain.id);
  t.true(back.certificateChanged);
  t.deepEqual(back.expiryNoticesSent, []);
  t.is(await em().count(CertificateSnapshot, { domain: domain.id }), 3);
  t.is(await em().count(OutboxEvent, { eventType: 'domain.ssl.expiring_soon' }), 2);
  t.is(await em().count(OutboxEvent, { eventType: 'domain.ssl.certificate_changed' }), 2);

});

test('the schedule checks active domains every 6 hours, skips inactive ones, follows change notices, and check-now reports failures', async (t) => {
  const { bus, agent, server, clock, startMonitor, em } = await serveShape(t, 'renewed');
  // A timer the monitor arms for "now" fires on the fake clock's next move: each poll nudges it.
  const waitFor = <T>(what: string, condition: () => Promise<T | null | undefined | false>): Promise<T> =>
    until(what, () => {
      clock.advance(0);
      return condition();
    });
  const setup = em();
  const ids = await provisionClient(setup, { name: 'Schedule', email: `schedule-${Date.now()}@example.com`, password: 'correct horse battery', plan: 'pro' });
  const workspace = await setup.findOneOrFail(Workspace, ids.workspace_id);
  await setup.flush();

  const answerTimeoutMs = 5_000;
  const monitor = await startMonitor({ settings: loadSettings({ VANTAGE_LOCATIONS: 'eu-west,us-east' }), answerTimeoutMs });
  await t.throwsAsync(monitor.checkNow(987_654), { instanceOf: DomainNotFound });

  // Created after the start: the API's change notice wakes the schedule, which checks it at once.
  const create = em();
  const active = create.create(Domain, { workspace, name: `127.0.0.1:${server.port}` });
  const inactive = create.create(Domain, { workspace, name: `127.0.0.1:${await closedPort()}`, active: false });
  await create.flush();
  const lastChecked = async (id: number) => (await em().findOneOrFail(Domain, id)).lastCheckedAt?.getTime() ?? null;
  await bus.publishDurable(changeSubject('domain', active.id), { kind: 'domain', id: active.id, action: 'created', at: new Date().toISOString() });
  const firstCheck = await waitFor('the new domain to be checked', () => lastChecked(active.id));
  t.is((await em().findOneOrFail(Domain, active.id, { populate: ['currentCertificate'] })).currentCertificate?.subject, 'CN=renewed');

  // Nothing more until its next slot; then both would be due, and only the active one is checked.
  const slot = nextDomainCheckAt(active.id, clock.now());
  t.true(slot - clock.now() <= 6 * 3600_000);
  clock.advanceTo(slot);
  const secondCheck = await waitFor('the scheduled check', async () => {
    const at = await lastChecked(active.id);
    return at !== null && at > firstCheck ? at : null;
  });
  t.true(secondCheck > firstCheck);
  t.is(await lastChecked(inactive.id), null, 'an inactive domain is not checked by the schedule');
  t.is(await em().count(CertificateSnapshot, { domain: active.id }), 1);

  // Toggled off through the API: the next slot passes without a check.
  await em().nativeUpdate(Domain, { id: active.id }, { active: false });
  await bus.publishDurable(changeSubject('domain', active.id), { kind: 'domain', id: active.id, action: 'updated', at: new Date().toISOString() });
  // Toggled on, the inactive one is due at once (it was never checked): its check proves the sweep ran.
  await em().nativeUpdate(Domain, { id: inactive.id }, { active: true });
  clock.advanceTo(nextDomainCheckAt(active.id, clock.now()));
  await bus.publishDurable(changeSubject('domain', inactive.id), { kind: 'domain', id: inactive.id, action: 'updated', at: new Date().toISOString() });
  const failed = await waitFor('the re-activated domain to be checked', async () => (await em().findOneOrFail(Domain, inactive.id)).lastCheckError);
  t.regex(failed, /connection refused/);
  t.is(await lastChecked(active.id), secondCheck, 'the toggled-off domain was not checked at its slot');

  // A probe that fails: the error is recorded and the certificate history is left alone.
  const outcome = await monitor.checkNow(inactive.id);
  t.is(outcome.status, 'failed');
  t.regex(outcome.error ?? '', /connection refused/);
  t.is(outcome.certificate, null);
  const failedRow = await em().findOneOrFail(Domain, inactive.id);
  t.is(failedRow.currentCertificate, null);
  t.is(failedRow.lastCheckedAt?.toISOString() ?? null, outcome.checkedAt);
  t.is(await em().count(CertificateSnapshot, { domain: inactive.id }), 0);

  // A `check_now` notice checks at once, even while the domain is toggled off (the user asked).
  await bus.publishDurable(changeSubject('domain', active.id), { kind: 'domain', id: active.id, action: 'check_now', at: new Date().toISOString() });
  await waitFor('the check-now notice to be acted on', async () => ((await lastChecked(active.id)) ?? 0) > secondCheck);

  // A name no probe can dial is refused before any request goes out.
  const unusable = em().create(Domain, { workspace, name: '127.0.0.1:99999', active: false });
  await em().persist(unusable).flush();
  const refused = await monitor.checkNow(unusable.id);
  t.is(refused.status, 'failed');
  t.regex(refused.error ?? '', /port 99999 .* out of range/);
  t.is((await em().findOneOrFail(Domain, unusable.id)).lastCheckError, refused.error);

  // No agent answers: check-now gives up after the answer timeout and leaves the reason on the domain.
  await agent.stop(100);
  const silent = await monitor.checkNow(active.id);
  t.is(silent.status, 'no_answer');
  t.is(silent.error, 'no probe agent at eu-west answered within 5 s');
  t.is(silent.checkedAt, null);
  const unanswered = await em().findOneOrFail(Domain, active.id);
  t.is(unanswered.lastCheckError, silent.error);
  t.not(unanswered.currentCertificate, null, 'the certificate last read stays');

  // Deleted: its certificate history goes with it, and check-now knows it no more.
  await em().nativeDelete(Domain, { id: active.id });
  await bus.publishDurable(changeSubject('domain', active.id), { kind: 'domain', id: active.id, action: 'deleted', at: new Date().toISOString() });
  await t.throwsAsync(monitor.checkNow(active.id), { instanceOf: DomainNotFound });
  t.is(await em().count(CertificateSnapshot, { domain: active.id }), 0);
  t.is(await em().count(OutboxEvent, {}), 0, 'no group attached: nothing to announce');
});

const natsUrl = process.env.NATS_URL;

(natsUrl ? test : test.skip)('two monitors on NATS claim each scheduled check once and answer check-now whichever consumes the result', async (t) => {
  const { store, close } = await freshStore();
  const logger = createLogger('silent');
  // A namespace of its own: other test runs on the same NATS server see none of this.
  const namespace = `dm${randomBytes(4).toString('hex')}`;
  const connect = () => NatsBus.connect({ servers: natsUrl!.split(','), namespace, redeliveryDelayMs: 200 }, logger);
  const [agentBus, busA, busB] = await Promise.all([connect(), connect(), connect()]);
  const pki = makeCertificates();
  const server = await startTlsServer(pki.expiringSoon);
  const agent = new ProbeAgent({ bus: agentBus, location: 'eu-west', agentId: 'agent-1', concurrency: 4, probeOptions: { allowPrivateTargets: true, extraCa: [pki.caPem] }, logger });
  agent.start();
  const monitors: DomainMonitor[] = [];
  t.teardown(async () => {
    await Promise.all(monitors.map((monitor) => monitor.stop()));
    await agent.stop(100);
    await Promise.all([agentBus, busA, busB].map((bus) => bus.close()));
    await server.close();
    await close();
  });
  const em = (): EntityManager => store.em.fork() as EntityManager;
  const setup = em();
  const ids = await provisionClient(setup, { name: 'Replicas', email: `replicas-${Date.now()}@example.com`, password: 'correct horse battery', plan: 'pro' });
  const workspace = await setup.findOneOrFail(Workspace, ids.workspace_id);
  const group = setup.create(NotificationGroup, { workspace, ...everyChannel('ops'), ...allTriggers });
  const domain = setup.create(Domain, { workspace, name: `127.0.0.1:${server.port}` });
  domain.notificationGroups.set([group]);
  await setup.flush();

  const settings = loadSettings({ VANTAGE_LOCATIONS: 'eu-west', NATS_URL: natsUrl });
  const clock = new FakeClock(Date.now());
  for (const bus of [busA, busB]) monitors.push(await startDomainMonitor({ settings, logger, store, bus, clock }));
  await until('the first scheduled check', async () => (await em().findOneOrFail(Domain, domain.id)).lastCheckedAt);

  // Each check-now is answered, whichever replica's binding of the shared durable consumer took the result.
  for (let i = 0; i < 4; i++) {
    const outcome = await monitors[1]!.checkNow(domain.id);
    t.is(outcome.status, 'checked');
    t.is(outcome.certificate?.subject, 'CN=soon');
  }
  t.is(server.connections(), 5, 'both replicas swept at start, one claimed the check: one scheduled probe and four check-nows');
  t.is(await em().count(CertificateSnapshot, { domain: domain.id }), 1);
  t.deepEqual((await em().find(ExpiryNotice, { domain: domain.id })).map((notice) => notice.milestoneDays), [7]);
  t.is(await em().count(OutboxEvent, { eventType: 'domain.ssl.expiring_soon' }), 1);
});
