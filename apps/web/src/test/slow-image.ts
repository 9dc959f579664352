/** A picture that loads only when the test says so (happy-dom reports every picture as loaded at once). */
export class SlowImage {
  static all: SlowImage[] = [];
  complete = false;
  src = '';
  private listeners = new Map<string, () => void>();
  constructor() {
    SlowImage.all.push(this);
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, listener);
  }
  removeEventListener(type: string) {
    this.listeners.delete(type);
  }
  load() {
    this.complete = true;
    this.listeners.get('load')?.();
  }
}
