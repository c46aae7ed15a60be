/**
 * When `domain.ssl.expiring_soon` goes out, and to whom.
 *
 * - `days_until_expiry` is `floor((notAfter − now) / 1 day)`: 29.9 days left is 29, and an expired
 *   certificate has a negative count.
 * - A milestone of `m` days is crossed once `days_until_expiry ≤ m`: exactly 30 days left crosses
 *   the 30-day milestone, 30 days and one hour left (still 30 whole days) crosses it too.
 * - Each group hears only the most urgent milestone it enabled that is crossed. A certificate first
 *   seen with 5 days left sends the 7-day notice, never the 30- and 14-day ones as well: three
 *   warnings at once would say nothing more than the most urgent one.
 * - A milestone goes out once per certificate (the caller passes those already sent). A group whose
 *   most urgent crossed milestone was already sent hears nothing, even if a less urgent one it
 *   enabled never went out: a late, less urgent warning would only confuse.
 * - An expired certificate has crossed every milestone, so it sends the 1-day notice if that was
 *   not sent (a certificate that expired between two checks still warns once); nothing after that.
 */
export const EXPIRY_MILESTONES = [30, 14, 7, 3, 1] as const;
export type ExpiryMilestone = (typeof EXPIRY_MILESTONES)[number];

const dayMs = 24 * 3600_000;

/** Whole days until `notAfter`, rounded down; negative once the certificate has expired. */
export const daysUntilExpiry = (notAfter: Date, now: Date): number => Math.floor((notAfter.getTime() - now.getTime()) / dayMs);

/** The `trigger_*` day flags of a notification group. */
export interface MilestoneFlags {
  trigger30Days: boolean;
  trigger14Days: boolean;
  trigger7Days: boolean;
  trigger3Days: boolean;
  trigger1Day: boolean;
}

/** The milestones a group enabled, least urgent first. */
export function enabledMilestones(flags: MilestoneFlags): ExpiryMilestone[] {
  const enabled: Record<ExpiryMilestone, boolean> = {
    30: flags.trigger30Days,
    14: flags.trigger14Days,
    7: flags.trigger7Days,
    3: flags.trigger3Days,
    1: flags.trigger1Day,
  };
  return EXPIRY_MILESTONES.filter((milestone) => enabled[milestone]);
}

export interface MilestoneGroup {
  id: number;
  milestones: readonly ExpiryMilestone[];
}

export interface ExpiryNoticePlan {
  milestone: ExpiryMilestone;
  /** The groups that receive this milestone's notice, in the order given. */
  groupIds: number[];
}

export interface ExpiryDecision {
  daysUntilExpiry: number;
  /** At most one entry per milestone, most urgent first; empty when nothing is due. */
  notices: ExpiryNoticePlan[];
}

export interface ExpiryInput {
  notAfter: Date;
  now: Date;
  /** The groups attached to the domain, with the milestones each enabled. */
  groups: readonly MilestoneGroup[];
  /** Milestones already announced for this certificate. */
  alreadySent: readonly number[];
}

/** Which `expiring_soon` notices to send now for one certificate. */
export function decideExpiryNotices(input: ExpiryInput): ExpiryDecision {
  const days = daysUntilExpiry(input.notAfter, input.now);
  const sent = new Set(input.alreadySent);
  const byMilestone = new Map<ExpiryMilestone, number[]>();
  for (const group of input.groups) {
    const crossed = group.milestones.filter((milestone) => days <= milestone);
    if (crossed.length === 0) continue;
    const mostUrgent = Math.min(...crossed) as ExpiryMilestone;
    if (sent.has(mostUrgent)) continue;
    byMilestone.set(mostUrgent, [...(byMilestone.get(mostUrgent) ?? []), group.id]);
  }
  const notices = [...byMilestone]
    .sort(([a], [b]) => a - b)
    .map(([milestone, groupIds]) => ({ milestone, groupIds }));
  return { daysUntilExpiry: days, notices };
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:MM:SS` in UTC, the webhook contract's form of `ssl.not_after`. */
export function formatNotAfter(notAfter: Date): string {
  const d = notAfter;
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}
