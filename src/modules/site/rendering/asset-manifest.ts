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
 * The browser build's chunks by source module. A server-rendered page is painted before the app's
 * code loads (web/src/main.tsx), so it links all the CSS it is shown with: the app's (what the entry
 * imports, at once or once the page is painted) and that of the routes it shows, including what they
 * load lazily (`import()`: the landing page below its first screen), which the server renders too.
 * What index.html links already is left out.
 */
export class AssetManifest {
  /** The entry chunks and their static imports: index.html links their CSS. */
  private readonly linked = new Set<string>();
  /** The chunks the entry imports once the page is painted (the app), and their static imports. */
  private readonly app = new Set<string>();

  constructor(private readonly chunks: Manifest) {
    for (const [key, chunk] of Object.entries(chunks)) {
      if (!chunk.isEntry) continue;
      this.collect(key, this.linked);
      for (const imported of chunk.dynamicImports ?? []) this.collect(imported, this.app);
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

  /**
   * Stylesheet links for the app and the routes of `modules` (source paths,
   * `src/app/routes/x.tsx`), in the order the browser would load them.
   */
  stylesheetLinksFor(modules: readonly string[]): string[] {
    const keys = new Set(this.app);
    for (const module of modules) this.collectRendered(module, keys);
    const styles = new Set([...keys].flatMap((key) => this.chunks[key]!.css ?? []));
    for (const key of this.linked)
      for (const css of this.chunks[key]!.css ?? []) styles.delete(css);
    return [...styles].map((href) => `<link rel="stylesheet" crossorigin href="/${href}">`);
  }

  /** `key` and every chunk it imports statically. */
  private collect(key: string, into: Set<string>): void {
    const chunk = this.chunks[key];
    if (!chunk || into.has(key)) return;
    into.add(key);
    for (const imported of chunk.imports ?? []) this.collect(imported, into);
  }

  /**
   * `key` and every chunk it imports, statically or dynamically (the lazy parts after the rest, where
   * the browser would add their CSS), but for what `into` holds already and index.html's chunks.
   */
  private collectRendered(key: string, into: Set<string>): void {
    const chunk = this.chunks[key];
    if (!chunk || into.has(key) || this.linked.has(key)) return;
    into.add(key);
    for (const imported of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) {
      this.collectRendered(imported, into);
    }
  }
}
