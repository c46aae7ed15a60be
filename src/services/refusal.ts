import type { EntitlementDenial } from '../domain/entitlement.js';

/** Why a change is refused, as the API answers it (code) and as the operator shows it (reason). */
export type RefusalCode = 'ENTITLEMENT_REQUIRED' | 'FORBIDDEN' | 'PLAN_CAPABILITY_REQUIRED' | 'NOT_FOUND' | 'CONFLICT' | 'VALIDATION_ERROR';
export type RefusalReason = 'PlanInactive' | 'PlanCapability' | 'PlanLimit' | 'NotFound' | 'NameTaken' | 'ManagedElsewhere' | 'InvalidSpec';

/**
 * A business rule said no. The services throw it; the API turns it into the error envelope and
 * the operator into a Synced=False condition, so both tell the user the same thing.
 */
export class RuleRefusal extends Error {
  constructor(
    readonly code: RefusalCode,
    readonly reason: RefusalReason,
    message: string,
    readonly fields?: Record<string, string>,
    /** The row already holding the name, on NameTaken. */
    readonly owner?: { id: number; name: string; kubernetesRef: string | null },
  ) {
    super(message);
  }
}

const REASON_OF_DENIAL: Record<EntitlementDenial['code'], RefusalReason> = {
  ENTITLEMENT_REQUIRED: 'PlanInactive',
  PLAN_CAPABILITY_REQUIRED: 'PlanCapability',
  FORBIDDEN: 'PlanLimit',
};

export const refusalOfDenial = (denial: EntitlementDenial): RuleRefusal => new RuleRefusal(denial.code, REASON_OF_DENIAL[denial.code], denial.message);

export const invalid = (fields: Record<string, string>): RuleRefusal =>
  new RuleRefusal('VALIDATION_ERROR', 'InvalidSpec', `invalid ${Object.keys(fields).join(', ')}`, fields);

export const missing = (what: string): RuleRefusal => new RuleRefusal('NOT_FOUND', 'NotFound', `${what} not found`);
