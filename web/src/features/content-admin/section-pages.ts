// Only the registry module: it has no zod, so the admin screen registry (which the browser loads
// with the admin area) can import this without pulling zod into that chunk.
import { SECTIONS, type SectionDef } from '@contracts/content/sections';

const ALL_SECTIONS: readonly SectionDef[] = SECTIONS;

/** One admin page: every section whose `admin.listPath` is this path, in registry order. */
export interface ContentAdminPage {
  /** The registry's spelling, e.g. `/edit-testimonial/`. */
  readonly path: string;
  /** The page heading: the sections' labels. */
  readonly title: string;
  readonly sections: readonly SectionDef[];
}

/** A path without its trailing slash (`/edit-testimonial/` and `/edit-testimonial` are one page). */
export function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The admin content pages, one per distinct list path, in the order their first section is listed. */
export const CONTENT_ADMIN_PAGES: readonly ContentAdminPage[] = (() => {
  const groups = new Map<string, { path: string; sections: SectionDef[] }>();
  for (const section of ALL_SECTIONS) {
    const key = normalizePath(section.admin.listPath);
    const group = groups.get(key);
    if (group) group.sections.push(section);
    else groups.set(key, { path: section.admin.listPath, sections: [section] });
  }
  return [...groups.values()].map(({ path, sections }) => ({
    path,
    title: sections.map((section) => section.label).join(' & '),
    sections,
  }));
})();

export function findContentAdminPage(path: string): ContentAdminPage | undefined {
  const key = normalizePath(path);
  return CONTENT_ADMIN_PAGES.find((page) => normalizePath(page.path) === key);
}

export function findAdminSection(key: string): SectionDef | undefined {
  return ALL_SECTIONS.find((section) => section.key === key);
}

/** The admin page a section is listed on. */
export function pageOfSection(section: SectionDef): ContentAdminPage {
  return findContentAdminPage(section.admin.listPath)!;
}

/** The route pattern of a path from the registry: `/banner/{id}` → `banner/:id`. */
export function toRoutePattern(path: string): string {
  return normalizePath(path).replace(/^\//, '').replaceAll('{id}', ':id');
}

/** The link to one entry's edit screen. */
export function editHref(section: SectionDef, id: string): string {
  return section.admin.editPath.replaceAll('{id}', encodeURIComponent(id));
}

/** Edit screens beyond each section's own `admin.editPath`. */
export const EXTRA_EDIT_SCREENS = [
  // Spec §2: the main service item has its own editor (its image and name are shown only there).
  { path: '/main-service-edit/{id}', sectionKey: 'serviceItems', title: 'Main Service' },
] as const;

export const CONTENT_SECTIONS = ALL_SECTIONS;
