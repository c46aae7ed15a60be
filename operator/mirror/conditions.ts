/** metav1.Condition. */
export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  observedGeneration?: number;
  lastTransitionTime: string;
  reason: string;
  message: string;
}

/** metav1.Condition bounds its message; a longer one would make the status write itself fail. */
export const CONDITION_MESSAGE_MAX = 32_768;

export type ConditionUpdate = Omit<Condition, 'lastTransitionTime'>;

/**
 * The conditions after setting `update`: `lastTransitionTime` moves only when the status changes,
 * as the Kubernetes API conventions ask, so that rewriting the same condition changes nothing.
 */
export function setCondition(conditions: readonly Condition[] | undefined, update: ConditionUpdate, now: Date): Condition[] {
  const list = [...(conditions ?? [])];
  const index = list.findIndex((condition) => condition.type === update.type);
  const previous = index >= 0 ? list[index] : undefined;
  const next: Condition = {
    type: update.type,
    status: update.status,
    ...(update.observedGeneration !== undefined ? { observedGeneration: update.observedGeneration } : {}),
    lastTransitionTime: previous && previous.status === update.status ? previous.lastTransitionTime : now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    reason: update.reason,
    message: update.message.length > CONDITION_MESSAGE_MAX ? `${update.message.slice(0, CONDITION_MESSAGE_MAX - 1)}…` : update.message,
  };
  if (index >= 0) list[index] = next;
  else list.push(next);
  return list;
}
