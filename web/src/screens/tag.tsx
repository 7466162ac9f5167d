import { useCallback } from 'preact/hooks';
import { api } from '../api';
import { Feed, FEED_PAGE } from '../components/feed';
import { useTitle } from '../components/title';
import type { ScreenProps } from '../screen-props';
import { useSession } from '../session';

// `/tags/<tag>`: the messages with a tag (case-sensitive), as the feed shows them to the viewer.

export default function TagScreen({ param }: ScreenProps) {
  const user = useSession();
  useTitle(`#${param}`);
  const load = useCallback(async (offset: number) => {
    const { data, error } = await api.GET('/api/messages', { params: { query: { tag: param, limit: FEED_PAGE, offset } } });
    return data ? { messages: data.messages, hasMore: data.pagination.hasMore } : { error };
  }, [param, user?.id]);
  return (
    <>
      <h1 tabIndex={-1}>#{param}</h1>
      <Feed load={load} live label={`Messages tagged ${param}`} empty="No messages with this tag yet." />
    </>
  );
}
