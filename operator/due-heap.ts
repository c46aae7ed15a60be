/** Keys with due times, smallest first: push and pop in O(log n), peek in O(1). */
export class DueHeap {
  private readonly items: Array<{ key: string; atMs: number }> = [];

  peek(): { key: string; atMs: number } | undefined {
    return this.items[0];
  }

  push(key: string, atMs: number): void {
    const items = this.items;
    items.push({ key, atMs });
    let at = items.length - 1;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (items[parent]!.atMs <= items[at]!.atMs) break;
      [items[parent], items[at]] = [items[at]!, items[parent]!];
      at = parent;
    }
  }

  pop(): { key: string; atMs: number } | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || !last) return top;
    items[0] = last;
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let smallest = at;
      if (left < items.length && items[left]!.atMs < items[smallest]!.atMs) smallest = left;
      if (right < items.length && items[right]!.atMs < items[smallest]!.atMs) smallest = right;
      if (smallest === at) return top;
      [items[smallest], items[at]] = [items[at]!, items[smallest]!];
      at = smallest;
    }
  }
}
