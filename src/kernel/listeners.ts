/**
 * The reactions other modules declare to something a module does, run one after another in the
 * order they were declared; the first that throws stops the rest and fails the caller.
 */
export class Listeners<Args extends unknown[]> {
  private readonly all: Array<(...args: Args) => Promise<void>> = []

  add(listener: (...args: Args) => Promise<void>): void {
    this.all.push(listener)
  }

  async emit(...args: Args): Promise<void> {
    for (const listener of this.all) await listener(...args)
  }
}
