import { useCallback, useState } from 'preact/hooks';
import type { Message } from '../api';
import Composer from '../components/composer';
import { Feed } from '../components/feed';
import { homeFeedPage } from '../feed-page';
import { messagesNoun, SelectionBar, useCanMaterialize, useSelection } from '../components/selection';
import { useTitle } from '../components/title';
import { useSession } from '../session';

// `/`: signed in, the home feed (as the account's viewingPreference says) with the composer;
// signed out, the public feed and the way in.

export default function Home() {
  const user = useSession();
  const [posted, setPosted] = useState<Message | null>(null);
  const selection = useSelection();
  const canMaterialize = useCanMaterialize();
  useTitle(user ? 'Home' : 'Public messages');
  const load = useCallback(async (offset: number) => {
    const { data, error } = await homeFeedPage(offset);
    return data ? { messages: data.messages, hasMore: data.pagination.hasMore } : { error };
  }, [user?.id]);
  return (
    <>
      <h1 tabIndex={-1}>{user ? 'Home' : 'Public messages'}</h1>
      {user ? (
        <>
          <Composer onPosted={setPosted} />
          {user.customerStatus.startsWith('subscriber') ? (
            <p>
              <a href="/scheduled">Your scheduled messages</a>
            </p>
          ) : null}
        </>
      ) : (
        <p>
          <a href="/login">Sign in</a> or <a href="/register">create an account</a> to post, reply and follow people.
        </p>
      )}
      {canMaterialize ? <SelectionBar selection={selection} noun={messagesNoun} source={(messageIds) => ({ kind: 'messages', messageIds })} attributes="messages" title="Saved posts" /> : null}
      <Feed load={load} live label={user ? 'Your feed' : 'Public messages'} empty="No messages yet." prepend={posted} selection={canMaterialize ? selection : undefined} />
    </>
  );
}
