import { useCallback } from 'preact/hooks';
import { api } from '../api';
import { Feed, FEED_PAGE } from '../components/feed';
import { useTitle } from '../components/title';
import { navigate } from '../router';
import type { ScreenProps } from '../screen-props';
import { useSession } from '../session';

// `/search?q=`: messages the viewer's feed holds, by words (signed in: the API's search is).

export default function SearchScreen({ route }: ScreenProps) {
  const user = useSession();
  const q = route.search.get('q')?.trim() ?? '';
  useTitle(q ? `Search: ${q}` : 'Search');
  const load = useCallback(async (offset: number) => {
    const { data, error } = await api.GET('/api/messages/search', { params: { query: { q, limit: FEED_PAGE, offset } } });
    return data ? { messages: data.messages, hasMore: data.pagination.hasMore } : { error };
  }, [q, user?.id]);
  const submit = (event: Event) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget as HTMLFormElement).get('q') ?? '').trim();
    navigate(`/search?q=${encodeURIComponent(value)}`);
  };
  return (
    <>
      <h1 tabIndex={-1}>Search</h1>
      {user ? (
        <form role="search" onSubmit={submit} class="inline-form">
          <label for="search-q">Search messages</label>
          <input id="search-q" name="q" type="search" defaultValue={q} maxLength={200} required />
          <button type="submit">Search</button>
        </form>
      ) : (
        <p>
          <a href="/login">Sign in</a> to search.
        </p>
      )}
      {user && q ? <Feed key={q} load={load} label={`Results for ${q}`} empty={`Nothing matches “${q}”.`} /> : null}
    </>
  );
}
