/** The absolute links subscribers follow, under VANTAGE_PUBLIC_URL. */
export interface SubscriberLinks {
  page: string;
  confirm: (token: string) => string;
  unsubscribe: (token: string) => string;
}

export function subscriberLinks(publicUrl: string, slug: string): SubscriberLinks {
  const page = `${publicUrl.replace(/\/+$/, '')}/status/${encodeURIComponent(slug)}`;
  return {
    page,
    confirm: (token) => `${page}/confirm?token=${encodeURIComponent(token)}`,
    unsubscribe: (token) => `${page}/unsubscribe?token=${encodeURIComponent(token)}`,
  };
}
