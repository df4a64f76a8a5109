/** What an infinite query says about its next page (React Query's useInfiniteQuery). */
type Pages = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };

/**
 * The admin lists' "Load more": shown while there is a next page, disabled while it loads.
 * `onLoad` runs before the page is asked for (the judging page moves the focus to the first new row).
 */
export function LoadMoreButton({ pages, label = 'Load more', onLoad }: { pages: Pages; label?: string; onLoad?: () => void }) {
  if (!pages.hasNextPage) return null;
  return (
    <button
      type="button"
      className="button button--small admin-more"
      disabled={pages.isFetchingNextPage}
      onClick={() => {
        onLoad?.();
        void pages.fetchNextPage();
      }}
    >
      {pages.isFetchingNextPage ? 'Loading…' : label}
    </button>
  );
}
