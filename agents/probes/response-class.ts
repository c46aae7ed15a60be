/**
 * Whether an HTTP status is accepted: classes in `2XX` notation (any case) or exact codes such as
 * `204`. An empty list accepts `2XX`, the usual meaning of "the site works".
 */
export function statusAccepted(status: number, responseClasses: readonly string[]): boolean {
  const classes = responseClasses.length > 0 ? responseClasses : ['2XX'];
  return classes.some((accepted) => {
    const notation = accepted.trim().toUpperCase();
    if (/^[1-5]XX$/.test(notation)) return Math.floor(status / 100) === Number(notation[0]);
    return /^\d{3}$/.test(notation) && Number(notation) === status;
  });
}

export const describeClasses = (responseClasses: readonly string[]): string =>
  (responseClasses.length > 0 ? responseClasses : ['2XX']).join(', ');
