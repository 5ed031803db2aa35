import { type SectionDef } from '@contracts/content/sections';
import { STAFF } from '@contracts/identity';
import {
  CONTENT_ADMIN_PAGES,
  CONTENT_SECTIONS,
  type ContentAdminPage,
  EXTRA_EDIT_SCREENS,
  findAdminSection,
  normalizePath,
  pageOfSection,
} from '../../features/content-admin/section-pages';
import { type AdminDetailScreen, type AdminEntryScreen, type LoadScreen } from './admin-screen';

const pageId = (page: ContentAdminPage) => `content${normalizePath(page.path)}`;

function listScreen(page: ContentAdminPage): LoadScreen {
  return async () => {
    const { ContentListRoute } = await import('../routes/content-list');
    return { Component: () => <ContentListRoute page={page} /> };
  };
}

function editScreen(section: SectionDef, title?: string): LoadScreen {
  return async () => {
    const { ContentEditRoute } = await import('../routes/content-edit');
    return { Component: () => <ContentEditRoute section={section} title={title} /> };
  };
}

function editDetail(path: string, section: SectionDef, title?: string): AdminDetailScreen {
  return {
    kind: 'detail',
    id: `content-edit${normalizePath(path)}`,
    title: title ?? `Update ${section.label}`,
    path,
    group: 'Content',
    parent: pageId(pageOfSection(section)),
    load: editScreen(section, title),
    roles: STAFF.content,
  };
}

/**
 * The content screens, generated from the section registry (spec §2 "Content editing"): one entry
 * per admin content page (its sections' lists), one detail screen per section's edit path and per
 * extra edit screen.
 */
export const CONTENT_SCREENS: readonly (AdminEntryScreen | AdminDetailScreen)[] = [
  ...CONTENT_ADMIN_PAGES.map((page): AdminEntryScreen => ({
    kind: 'entry',
    id: pageId(page),
    title: page.title,
    path: page.path,
    group: 'Content',
    description: `Edit ${page.sections.map((section) => section.label).join(' and ')} on the site.`,
    load: listScreen(page),
    roles: STAFF.content,
  })),
  ...CONTENT_SECTIONS.map((section) => editDetail(section.admin.editPath, section)),
  ...EXTRA_EDIT_SCREENS.map(({ path, sectionKey, title }) =>
    editDetail(path, findAdminSection(sectionKey)!, title),
  ),
];
