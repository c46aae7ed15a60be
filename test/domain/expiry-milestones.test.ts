import test from 'ava';
import {
  daysUntilExpiry,
  decideExpiryNotices,
  enabledMilestones,
  formatNotAfter,
  type ExpiryMilestone,
  type MilestoneGroup,
} from '../../src/domain/expiry-milestones.js';

const day = 24 * 3600_000;
const now = new Date('2026-03-01T12:00:00Z');
const inDays = (days: number): Date => new Date(now.getTime() + days * day);
const all: ExpiryMilestone[] = [30, 14, 7, 3, 1];
const group = (id: number, milestones: ExpiryMilestone[] = all): MilestoneGroup => ({ id, milestones });

const decide = (daysLeft: number, groups: MilestoneGroup[] = [group(1)], alreadySent: number[] = []) =>
  decideExpiryNotices({ notAfter: inDays(daysLeft), now, groups, alreadySent });

test('days until expiry are whole days rounded down, negative once expired', (t) => {
  t.is(daysUntilExpiry(inDays(30), now), 30);
  t.is(daysUntilExpiry(inDays(29.9), now), 29);
  t.is(daysUntilExpiry(new Date(inDays(30).getTime() + 1), now), 30);
  t.is(daysUntilExpiry(new Date(inDays(30).getTime() - 1), now), 29);
  t.is(daysUntilExpiry(inDays(0.5), now), 0);
  t.is(daysUntilExpiry(now, now), 0);
  t.is(daysUntilExpiry(inDays(-0.1), now), -1);
  t.is(daysUntilExpiry(inDays(-3), now), -3);
});

test('nothing is due while more than 30 whole days remain', (t) => {
  t.deepEqual(decide(31).notices, []);
  t.deepEqual(decide(30.999).notices, [{ milestone: 30, groupIds: [1] }], '30.999 days is 30 whole days');
  t.deepEqual(decide(400).notices, []);
});

test('exactly 30 days left sends the 30-day notice; 29.9 days too, reporting 29 days', (t) => {
  t.deepEqual(decide(30), { daysUntilExpiry: 30, notices: [{ milestone: 30, groupIds: [1] }] });
  t.deepEqual(decide(29.9), { daysUntilExpiry: 29, notices: [{ milestone: 30, groupIds: [1] }] });
});

test('only the most urgent crossed milestone goes out, never the less urgent ones with it', (t) => {
  t.deepEqual(decide(5).notices, [{ milestone: 7, groupIds: [1] }]);
  t.deepEqual(decide(14).notices, [{ milestone: 14, groupIds: [1] }]);
  t.deepEqual(decide(13).notices, [{ milestone: 14, groupIds: [1] }]);
  t.deepEqual(decide(7).notices, [{ milestone: 7, groupIds: [1] }]);
  t.deepEqual(decide(3).notices, [{ milestone: 3, groupIds: [1] }]);
  t.deepEqual(decide(2.5).notices, [{ milestone: 3, groupIds: [1] }]);
  t.deepEqual(decide(1).notices, [{ milestone: 1, groupIds: [1] }]);
  t.deepEqual(decide(0.2).notices, [{ milestone: 1, groupIds: [1] }]);
});

test('an expired certificate sends the 1-day notice once, and nothing after it', (t) => {
  t.deepEqual(decide(0), { daysUntilExpiry: 0, notices: [{ milestone: 1, groupIds: [1] }] });
  t.deepEqual(decide(-10), { daysUntilExpiry: -10, notices: [{ milestone: 1, groupIds: [1] }] });
  t.deepEqual(decide(-10, [group(1)], [30, 14, 7, 3, 1]).notices, []);
  t.deepEqual(decide(-10, [group(1)], [1]).notices, []);
  t.deepEqual(decide(-10, [group(1, [30, 7])]).notices, [{ milestone: 7, groupIds: [1] }], 'the most urgent one the group enabled');
});

test('a milestone already sent for this certificate is not sent again', (t) => {
  t.deepEqual(decide(29, [group(1)], [30]).notices, []);
  t.deepEqual(decide(14, [group(1)], [30]).notices, [{ milestone: 14, groupIds: [1] }]);
  t.deepEqual(decide(5, [group(1)], [30, 14]).notices, [{ milestone: 7, groupIds: [1] }]);
  // Less urgent milestones never go out late once a more urgent one was sent.
  t.deepEqual(decide(5, [group(1)], [7]).notices, []);
  t.deepEqual(decide(2, [group(1)], [3]).notices, []);
});

test('a group receives a milestone only when its flag for it is on', (t) => {
  t.deepEqual(decide(29, [group(1, [14, 7, 3, 1])]).notices, [], '30-day flag off');
  t.deepEqual(decide(13, [group(1, [30, 7])]).notices, [{ milestone: 30, groupIds: [1] }], 'its most urgent enabled milestone crossed is 30');
  t.deepEqual(decide(13, [group(1, [30, 7])], [30]).notices, []);
  t.deepEqual(decide(5, [group(1, [])]).notices, [], 'every flag off');
  t.deepEqual(decide(5, []).notices, [], 'no attached group');
});

test('groups with different flags each get their own most urgent milestone, grouped per milestone', (t) => {
  const groups = [group(1), group(2, [30, 14]), group(3, [7]), group(4, [30]), group(5, [1])];
  t.deepEqual(decide(5, groups).notices, [
    { milestone: 7, groupIds: [1, 3] },
    { milestone: 14, groupIds: [2] },
    { milestone: 30, groupIds: [4] },
  ]);
  t.deepEqual(decide(5, groups, [7, 14]).notices, [{ milestone: 30, groupIds: [4] }]);
  t.deepEqual(decide(20, groups).notices, [{ milestone: 30, groupIds: [1, 2, 4] }]);
});

test('enabled milestones follow the trigger flags', (t) => {
  const flags = { trigger30Days: true, trigger14Days: false, trigger7Days: true, trigger3Days: false, trigger1Day: true };
  t.deepEqual(enabledMilestones(flags), [30, 7, 1]);
  t.deepEqual(enabledMilestones({ ...flags, trigger30Days: false, trigger7Days: false, trigger1Day: false }), []);
  t.deepEqual(enabledMilestones({ trigger30Days: true, trigger14Days: true, trigger7Days: true, trigger3Days: true, trigger1Day: true }), all);
});

test('not_after is written as YYYY-MM-DD HH:MM:SS in UTC', (t) => {
  t.is(formatNotAfter(new Date('2026-03-06T04:05:09.987Z')), '2026-03-06 04:05:09');
  t.is(formatNotAfter(new Date('2027-12-31T23:59:59Z')), '2027-12-31 23:59:59');
  t.regex(formatNotAfter(new Date()), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
});
