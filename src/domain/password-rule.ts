export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

/** The password rule of every way in (API, CLI, first start): 8 to 200 characters. Null when acceptable. */
export function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string') return 'is required';
  if (password.length < PASSWORD_MIN) return `must be at least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `must be at most ${PASSWORD_MAX} characters`;
  return null;
}
