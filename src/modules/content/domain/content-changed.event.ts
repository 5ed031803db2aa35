/** A section's records changed (after the commit). In-process: the public content cache listens. */
export class ContentChanged {
  constructor(readonly section: string) {}
}
