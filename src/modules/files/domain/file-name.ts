import { MAX_FILE_NAME_LENGTH } from '../../../contracts/files.js';

/**
 * The name a file is stored and downloaded under, from the name its uploader gave: only the last path
 * segment (a browser may send `C:\fakepath\x.pdf`), Unicode NFC, runs of spaces, tabs and line breaks
 * as one space, other control and bidi-override characters dropped, the characters Windows refuses in
 * names replaced by `_`, no leading dots or trailing dots and spaces. Null when no letter or digit is
 * left; may be longer than the limit (the caller refuses it, naming the field).
 */
export function sanitizeFileName(name: string): string | null {
  const lastSegment = name.split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment
    .normalize('NFC')
    // Tabs, line breaks and runs of spaces: one space.
    .replace(/\s+/g, ' ')
    // Other C0/C1 controls, and the bidi controls that make `gpj.exe` look like `exe.jpg`.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/^[\s.]+/, '')
    .replace(/[\s.]+$/, '');
  return /[\p{L}\p{N}]/u.test(cleaned) ? cleaned : null;
}

/** Whether a sanitised name fits the column. */
export const fileNameFits = (name: string) => [...name].length <= MAX_FILE_NAME_LENGTH;

/**
 * Types a browser would render or run if it ever displayed the file inline (HTML, SVG, XML, scripts):
 * served as application/octet-stream, whatever they were stored as.
 */
const ACTIVE_TYPES =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|[\w.+-]+\/[\w.-]*\+xml|text\/javascript|application\/(x-)?javascript|application\/ecmascript|text\/css|multipart\/)/i;

/** The Content-Type a private file is served with. */
export function servedContentType(stored: string): string {
  return ACTIVE_TYPES.test(stored.trim()) ? 'application/octet-stream' : stored;
}

/** A media type as a client may state it: `type/subtype`, optionally with parameters. */
export const MEDIA_TYPE =
  /^[a-z0-9][\w!#$&^.+-]{0,63}\/[a-z0-9][\w!#$&^.+-]{0,126}(\s*;\s*[\w!#$&^.+-]+=("[^"\r\n]*"|[\w!#$&^.+-]+))*$/i;
