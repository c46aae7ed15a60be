/**
 * Where a deep page of a check list starts, known without walking to it. A page at offset 5,000
 * walks 5,000 index entries to skip them (on the embedded database about 1.3 ms of a request's
 * 2.3). A process keeps, per workspace and list order, the name and id of every STEP-th check
 * and the version of the workspace's orders they were read at (the sum of its count rows'
 * `changes`, see Migration20261129120000): a page then starts at the anchor before its offset
 * and skips fewer than STEP entries. The page's own statement compares the version it reads with
 * the anchor's, so a page is exact whatever another process or transaction changed; an anchor
 * read at another version is not used, and the order is read again.
 */
export const ANCHOR_STEP = 200;

/** Orders kept per process: the most recently read, one per workspace and filter. */
const ORDERS_KEPT = 1000;

/** Every ANCHOR_STEP-th check of one order, by (name, id), and the version they were read at. */
export interface OrderAnchors {
  version: string;
  /** `positions[k - 1]`: the check at offset k × ANCHOR_STEP. */
  positions: Array<[name: string, id: number]>;
}

/** A page's start: after the check (name, id) at the anchor, `skip` more entries; valid at `version`. */
export interface PageAnchor {
  version: string;
  name: string;
  id: number;
  skip: number;
}

/** The anchor a page at `offset` starts from: the last one at or before it; null when the page starts before the first. */
export function anchorFor(order: OrderAnchors | undefined, offset: number): PageAnchor | null {
  if (!order) return null;
  const index = Math.min(Math.floor(offset / ANCHOR_STEP), order.positions.length);
  if (index === 0) return null;
  const [name, id] = order.positions[index - 1]!;
  return { version: order.version, name, id, skip: offset - index * ANCHOR_STEP };
}

/** Whether a page at `offset`, which read the orders' current `version`, should have the order read again. */
export const wantsAnchors = (order: OrderAnchors | undefined, offset: number, version: string): boolean =>
  offset >= ANCHOR_STEP && order?.version !== version;

/** The orders a process has read, by key (workspace and filter); the oldest read goes first when there are too many. */
export class CheckPageAnchors {
  private readonly orders = new Map<string, OrderAnchors>();
  private readonly reading = new Set<string>();

  get(key: string): OrderAnchors | undefined {
    return this.orders.get(key);
  }

  /**
   * Reads the order at most once at a time per key (a page that finds it being read walks to its
   * offset). A failed read leaves the order as it was: the anchors only save work, a page walked
   * to its offset is as exact, and the next deep page reads the order again.
   */
  async refresh(key: string, read: () => Promise<OrderAnchors>): Promise<void> {
    if (this.reading.has(key)) return;
    this.reading.add(key);
    try {
      const order = await read();
      this.orders.delete(key);
      this.orders.set(key, order);
      if (this.orders.size > ORDERS_KEPT) this.orders.delete(this.orders.keys().next().value!);
    } catch {
      return;
    } finally {
      this.reading.delete(key);
    }
  }
}
