import type { StatusPageChangeListener } from './status-page-source.js';

export interface PageCacheOptions {
  /** How long an answer is served without a change notice naming its page: a backstop for a lost notice. */
  maxAgeMs: number;
  /** How long past maxAge an answer may still be served while loading it again fails (the database is away). */
  staleIfErrorMs: number;
  /** Pages (scopes) kept; the least recently used goes first. */
  maxScopes: number;
  /** Answers kept per page (the page, its feeds, its badges, …); the least recently used goes first. */
  maxVariantsPerScope: number;
  now?: () => number;
}

interface Slot {
  value?: { readonly current: unknown };
  storedAt: number;
  /** False once a change notice named the page: the next request loads again. */
  fresh: boolean;
  pending?: Promise<unknown>;
}

/** The scope of answers that depend on every page (which host serves which page): dropped on any change. */
const ALL_PAGES_SCOPE = '\u0000all';

/**
 * Answers of the public status pages, kept per page (scope) and per answer (variant): the view,
 * each rendering, each badge. A change notice drops the pages it names (all on null); maxAge is a
 * backstop. Concurrent misses of one answer make one load (single flight), and an answer that a
 * notice made stale while it loaded is handed to its waiters but not kept.
 */
export class PageCache {
  private readonly scopes = new Map<string, Map<string, Slot>>();
  /** Change counter; per scope, the count at its last notice; allChangedAt for a notice naming every page. */
  private changes = 0;
  private allChangedAt = 0;
  private readonly changedAt = new Map<string, number>();
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The entry point of the change feed. */
  readonly changed: StatusPageChangeListener = (slugs) => {
    this.changes += 1;
    if (slugs === null) {
      this.allChangedAt = this.changes;
      this.changedAt.clear();
      for (const variants of this.scopes.values()) for (const slot of variants.values()) slot.fresh = false;
      return;
    }
    for (const slug of [...slugs, ALL_PAGES_SCOPE]) {
      this.changedAt.set(slug, this.changes);
      for (const slot of this.scopes.get(slug)?.values() ?? []) slot.fresh = false;
    }
  };

  /** An answer about a single page. */
  get<T>(slug: string, variant: string, load: () => Promise<T>): Promise<T> {
    return this.lookup(slug, variant, load);
  }

  /** An answer that depends on every page, such as which page a custom domain serves. */
  getForAllPages<T>(variant: string, load: () => Promise<T>): Promise<T> {
    return this.lookup(ALL_PAGES_SCOPE, variant, load);
  }

  private lookup<T>(scope: string, variant: string, load: () => Promise<T>): Promise<T> {
    const slot = this.slot(scope, variant);
    const now = this.now();
    if (slot.value && slot.fresh && now - slot.storedAt < this.options.maxAgeMs) return Promise.resolve(slot.value.current as T);
    if (slot.pending) return slot.pending as Promise<T>;
    const startedAt = this.changes;
    const pending = load().then(
      (value) => {
        slot.pending = undefined;
        if (this.unchangedSince(scope, startedAt)) Object.assign(slot, { value: { current: value }, storedAt: this.now(), fresh: true });
        return value;
      },
      (error: unknown) => {
        slot.pending = undefined;
        if (slot.value && this.now() - slot.storedAt < this.options.maxAgeMs + this.options.staleIfErrorMs) return slot.value.current as T;
        throw error;
      },
    );
    slot.pending = pending;
    return pending;
  }

  private unchangedSince(scope: string, startedAt: number): boolean {
    return this.allChangedAt <= startedAt && (this.changedAt.get(scope) ?? 0) <= startedAt;
  }

  private slot(scope: string, variant: string): Slot {
    let variants = this.scopes.get(scope);
    if (variants) this.scopes.delete(scope);
    else variants = new Map();
    this.scopes.set(scope, variants);
    if (this.scopes.size > this.options.maxScopes) this.scopes.delete(this.scopes.keys().next().value!);
    let slot = variants.get(variant);
    if (slot) variants.delete(variant);
    else slot = { storedAt: 0, fresh: false };
    variants.set(variant, slot);
    if (variants.size > this.options.maxVariantsPerScope) variants.delete(variants.keys().next().value!);
    return slot;
  }
}
