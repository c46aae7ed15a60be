/** metav1.Condition. */
export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  observedGeneration?: number;
  lastTransitionTime: string;
  reason: string;
  message: string;
}

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
    message: update.message,
  };
  if (index >= 0) list[index] = next;
  else list.push(next);
  return list;
}
