import { useEffect, useState } from 'preact/hooks';
import { api, errorText, type Schemas } from '../api';
import { useTitle } from '../components/title';
import { changed, onLive } from '../live';
import { useSession } from '../session';
import { ErrorLine } from '../components/error-line';

// `/notifications`: the history, newest first, unread ones marked; mark one or all read.

type Notification = Schemas['Notification'];

export default function NotificationsScreen() {
  const user = useSession();
  useTitle('Notifications');
  const [items, setItems] = useState<Notification[] | null>(null);
  const [unread, setUnread] = useState(0);
  const [error, setError] = useState('');
  const load = async () => {
    const { data, error: failure } = await api.GET('/api/notifications', { params: { query: { limit: 50 } } });
    if (!data) return setError(errorText(failure));
    setItems(data.items);
    setUnread(data.unreadCount);
  };
  useEffect(() => {
    if (!user) return;
    void load();
    return onLive('notifications', load);
  }, [user?.id]);
  if (!user) {
    return (
      <>
        <h1 tabIndex={-1}>Notifications</h1>
        <p>
          <a href="/login">Sign in</a> to see your notifications.
        </p>
      </>
    );
  }
  const markRead = async (id: string) => {
    const { response, error: failure } = await api.PATCH('/api/notifications/{id}/read', { params: { path: { id } } });
    if (!response.ok) return setError(errorText(failure));
    changed('notifications');
  };
  const markAll = async () => {
    const { response, error: failure } = await api.POST('/api/notifications/mark-all-read');
    if (!response.ok) return setError(errorText(failure));
    changed('notifications');
  };
  return (
    <>
      <h1 tabIndex={-1}>Notifications</h1>
      <p role="status">{unread === 0 ? 'Nothing unread.' : `${unread} unread`}</p>
      {unread > 0 ? (
        <button type="button" onClick={markAll}>
          Mark all as read
        </button>
      ) : null}
      <ErrorLine text={error} />
      {items?.length === 0 ? <p>No notifications yet.</p> : null}
      <ul class="notifications">
        {items?.map((n) => (
          <li key={n.id} class={n.readAt ? 'read' : 'unread'}>
            <p>
              <strong>{n.readAt ? '' : 'New: '}</strong>
              {n.routePath ? <a href={n.routePath}>{n.title}</a> : n.title}
            </p>
            <p>{n.body}</p>
            {n.readAt ? null : (
              <button type="button" onClick={() => markRead(n.id)}>
                Mark as read<span class="visually-hidden">: {n.title}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
