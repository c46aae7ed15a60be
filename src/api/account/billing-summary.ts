import { entitlementSummary, type Entitlement, type EntitlementSummary } from '../../domain/entitlement.js';
import type { Client, Plan } from '../../store/entities/client.js';

export interface BillingSummary {
  plan: Plan;
  profile: { name: string; billing_email: string | null };
  /** The card on file, masked; null when there is none. */
  card: { brand: string | null; masked_number: string } | null;
  entitlement: EntitlementSummary;
}

export const maskedCard = (last4: string): string => `•••• ${last4}`;

export const billingSummary = (client: Client, entitlement: Entitlement): BillingSummary => ({
  plan: entitlement.status === 'expired' ? 'expired' : client.plan,
  profile: { name: client.name, billing_email: client.billingEmail },
  card: client.cardLast4 ? { brand: client.cardBrand, masked_number: maskedCard(client.cardLast4) } : null,
  entitlement: entitlementSummary(entitlement),
});
