import type { Config, DOMPurify, UponSanitizeAttributeHookEvent } from 'dompurify';
import type { DOMWindow } from 'jsdom';
import { MEDIA_MESSAGES, unsupportedMediaType } from './media-errors.js';

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

interface SvgToolkit {
  window: DOMWindow;
  purify: DOMPurify;
}

let toolkit: Promise<SvgToolkit> | undefined;

/** One jsdom window and DOMPurify on it, loaded at the first SVG (jsdom takes a while to load). */
function svgToolkit(): Promise<SvgToolkit> {
  toolkit ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([
      import('jsdom'),
      import('dompurify'),
    ]);
    const { window } = new JSDOM('');
    const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
    purify.addHook('uponSanitizeElement', (node, data) => {
      // A <style> that could load something from elsewhere is emptied (its rules, not the file, go).
      if (data.tagName === 'style' && loadsFromElsewhere(node.textContent ?? '')) {
        node.textContent = '';
      }
    });
    purify.addHook('uponSanitizeAttribute', (_node, data: UponSanitizeAttributeHookEvent) => {
      const name = data.attrName.toLowerCase();
      const isReference = name === 'href' || name.endsWith(':href');
      if (
        isReference ? !data.attrValue.trim().startsWith('#') : loadsFromElsewhere(data.attrValue)
      ) {
        data.keepAttr = false;
      }
    });
    return { window, purify };
  })();
  return toolkit;
}

/**
 * CSS (a <style> or an attribute such as style, fill or mask) that may fetch something: url(…) other
 * than a fragment `url(#id)`, @import, image-set(…) or src(…), and escapes that could spell them.
 */
function loadsFromElsewhere(css: string): boolean {
  return /@import|image-set|\bsrc\s*\(|url\s*\(\s*(?!['"]?\s*#)|\\/i.test(css);
}

/** The text of an upload: UTF-8, or UTF-16 with a byte order mark; undefined when it is not text. */
function decodeText(bytes: Uint8Array): string | undefined {
  const encoding =
    bytes[0] === 0xfe && bytes[1] === 0xff
      ? 'utf-16be'
      : bytes[0] === 0xff && bytes[1] === 0xfe
        ? 'utf-16le'
        : 'utf-8';
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Parses an upload as an SVG document: XML text whose root is <svg> in the SVG namespace. Undefined
 * when it is not XML with an <svg> root; 415 with a reason for an SVG this site does not accept.
 * Entity declarations are refused before parsing (their expansion can blow up the parse).
 */
export async function parseSvg(bytes: Uint8Array): Promise<Element | undefined> {
  const text = decodeText(bytes);
  if (text === undefined || !text.trimStart().startsWith('<')) return undefined;
  if (/<!ENTITY/i.test(text)) throw unsupportedMediaType(MEDIA_MESSAGES.svgEntities);
  const { window } = await svgToolkit();
  const root = new window.DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
  if (root?.localName !== 'svg') return undefined; // not well-formed (<parsererror>) or not an SVG
  if (root.namespaceURI !== SVG_NAMESPACE) throw unsupportedMediaType(MEDIA_MESSAGES.svgNamespace);
  return root;
}

const SANITIZE_SVG: Config = {
  IN_PLACE: true,
  USE_PROFILES: { svg: true, svgFilters: true },
  // <use> only ever keeps a fragment href (see the hook), so it can only reuse this file's shapes.
  ADD_TAGS: ['use'],
  FORBID_TAGS: ['foreignObject', 'script'],
};

/**
 * Sanitises a parsed SVG in place and returns it as text: DOMPurify's SVG profile (no scripts, no
 * event handlers, no javascript: URLs) without <foreignObject>, with every href other than a fragment
 * `#…` removed and no CSS that loads from elsewhere, so the file cannot run code or fetch anything.
 * <use>, <image> and <feImage> left without a reference are dropped.
 */
export async function sanitizeSvg(root: Element): Promise<string> {
  const { window, purify } = await svgToolkit();
  purify.sanitize(root, SANITIZE_SVG);
  for (const element of [...root.querySelectorAll('use, image, feImage')]) {
    const hasReference = [...element.attributes].some(
      (attribute) => attribute.localName === 'href',
    );
    if (!hasReference) element.remove();
  }
  return new window.XMLSerializer().serializeToString(root);
}

/** Parses and sanitises SVG text (undefined when it is not an SVG). */
export async function sanitizeSvgText(text: string): Promise<string | undefined> {
  const root = await parseSvg(new TextEncoder().encode(text));
  return root && sanitizeSvg(root);
}

const PIXELS_PER_UNIT: Record<string, number> = {
  '': 1,
  px: 1,
  pt: 4 / 3,
  pc: 16,
  mm: 96 / 25.4,
  cm: 96 / 2.54,
  in: 96,
};

/** An absolute SVG length in CSS pixels (not %, em…). */
function absoluteLength(value: string | null): number | undefined {
  const match = /^\s*\+?((?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*(px|pt|pc|mm|cm|in)?\s*$/i.exec(
    value ?? '',
  );
  if (!match) return undefined;
  const pixels = Number(match[1]) * PIXELS_PER_UNIT[(match[2] ?? '').toLowerCase()]!;
  return Number.isFinite(pixels) && pixels > 0 ? pixels : undefined;
}

function viewBoxSize(value: string | null): { width: number; height: number } | undefined {
  const numbers = (value ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (numbers.length !== 4 || numbers.some((n) => !Number.isFinite(n))) return undefined;
  const [, , width = 0, height = 0] = numbers;
  return width > 0 && height > 0 ? { width, height } : undefined;
}

/**
 * The intrinsic size of an SVG in pixels: its width and height attributes when absolute, the missing
 * one from the viewBox's aspect ratio, else the viewBox's size; undefined when none of them says.
 */
export function svgSize(root: Element): { width: number; height: number } | undefined {
  let width = absoluteLength(root.getAttribute('width'));
  let height = absoluteLength(root.getAttribute('height'));
  const box = viewBoxSize(root.getAttribute('viewBox'));
  if (box) {
    if (width === undefined && height === undefined) ({ width, height } = box);
    else if (width === undefined) width = (height! * box.width) / box.height;
    else if (height === undefined) height = (width * box.height) / box.width;
  }
  if (width === undefined || height === undefined) return undefined;
  return { width: Math.round(width), height: Math.round(height) };
}
