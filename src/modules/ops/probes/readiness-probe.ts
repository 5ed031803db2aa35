/** One dependency checked by readiness, over a connection of the probe's own. */
export interface ReadinessProbe {
  /** Resolves when the dependency answered within the probe's timeout, rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
