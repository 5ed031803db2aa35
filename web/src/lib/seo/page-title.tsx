import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';

const SetPageTitleContext = createContext<((title: string | undefined) => void) | null>(null);
const PageTitleContext = createContext<string | undefined>(undefined);

/** Holds the title the current page gives (`<Page title>`), for the document head. */
export function PageTitleProvider({ children }: { children: ReactNode }) {
  const [title, setTitle] = useState<string>();
  return (
    <SetPageTitleContext.Provider value={setTitle}>
      <PageTitleContext.Provider value={title}>{children}</PageTitleContext.Provider>
    </SetPageTitleContext.Provider>
  );
}

/** Names the page shown (after render, so the server-rendered markup is not affected). */
export function usePageTitle(title: string | undefined): void {
  const setTitle = useContext(SetPageTitleContext);
  useEffect(() => setTitle?.(title), [setTitle, title]);
}

/** The title the current page gave, if any. */
export function useCurrentPageTitle(): string | undefined {
  return useContext(PageTitleContext);
}
