// The previous/next buttons under each of the administration's paged tables (users, the e-mail
// log, reports): offset-paged as the API pages them.
export function Pager(props: { offset: number; size: number; hasMore: boolean; onOffset: (offset: number) => void }) {
  const { offset, size, hasMore, onOffset } = props;
  return (
    <div class="button-row">
      <button type="button" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - size))}>
        Previous page
      </button>
      <button type="button" disabled={!hasMore} onClick={() => onOffset(offset + size)}>
        Next page
      </button>
    </div>
  );
}
