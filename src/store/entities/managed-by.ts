/** Who owns a resource's configuration: the API (database is the truth) or a Kubernetes manifest. */
export const MANAGED_BY = ['api', 'kubernetes'] as const;
export type ManagedBy = (typeof MANAGED_BY)[number];
