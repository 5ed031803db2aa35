import { readFile } from 'node:fs/promises';

/** One entry of Vite's build manifest (the fields used here). */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

type Manifest = Record<string, ManifestChunk>;

/**
 * The browser build's chunks by source module. A server-rendered page links the CSS of the routes it
 * shows (so it is styled before any script runs) and preloads their chunks (which the SPA loads before
 * it hydrates); what index.html loads already is left out. What the routes load lazily (`import()`:
 * the landing page below its first screen) the server renders too, so its CSS is linked as well; its
 * chunks are not preloaded: the page hydrates without them, they come after.
 */
export class AssetManifest {
  private readonly loaded = new Set<string>();

  constructor(private readonly chunks: Manifest) {
    for (const [key, chunk] of Object.entries(chunks)) {
      if (chunk.isEntry) this.collect(key, this.loaded);
    }
  }

  /** The manifest of the browser build at `path`; an empty one if there is none. */
  static async load(path: string): Promise<AssetManifest> {
    try {
      return new AssetManifest(JSON.parse(await readFile(path, 'utf8')) as Manifest);
    } catch {
      return new AssetManifest({});
    }
  }

  /** `<link>` elements for the CSS and chunks of `modules` (source paths, `src/app/routes/x.tsx`). */
  linksFor(modules: readonly string[]): string[] {
    const keys = new Set<string>();
    for (const module of modules) this.collect(module, keys);
    const chunks = [...keys].filter((key) => !this.loaded.has(key)).map((key) => this.chunks[key]!);
    // The lazy parts' CSS after the rest, where the browser would add it when it loads them.
    const rendered = new Set<string>();
    for (const module of modules) this.collectRendered(module, rendered);
    const styles = new Set([
      ...chunks.flatMap((chunk) => chunk.css ?? []),
      ...[...rendered].flatMap((key) => this.chunks[key]!.css ?? []),
    ]);
    for (const key of this.loaded)
      for (const css of this.chunks[key]!.css ?? []) styles.delete(css);
    return [
      ...[...styles].map((href) => `<link rel="stylesheet" crossorigin href="/${href}">`),
      ...chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}">`),
    ];
  }

  /** `key` and every chunk it imports statically. */
  private collect(key: string, into: Set<string>): void {
    const chunk = this.chunks[key];
    if (!chunk || into.has(key)) return;
    into.add(key);
    for (const imported of chunk.imports ?? []) this.collect(imported, into);
  }

  /**
   * `key` and every chunk it imports, statically or dynamically, but for index.html's chunks (which
   * import every route dynamically).
   */
  private collectRendered(key: string, into: Set<string>): void {
    const chunk = this.chunks[key];
    if (!chunk || into.has(key) || this.loaded.has(key)) return;
    into.add(key);
    for (const imported of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) {
      this.collectRendered(imported, into);
    }
  }
}
