import { useState } from 'preact/hooks';
import { api, errorText, type Schemas } from '../../api';
import { ErrorLine } from '../../components/error-line';
import { CHANNELS, formatWhen, preferenceMatrix, type Channel } from './logic';
import { focusHeading, OutcomeLine, outcomeOf, useLoaded, type Outcome } from './shared';

// Notification preferences as a matrix (events × channels; a channel an event does not use is
// said so, not offered), each box saved as it changes; and the push devices registered by the
// mobile clients, each removable.

type PreferenceEvent = Schemas['NotificationPreferenceEvent'];

export function NotificationsPart() {
  return (
    <>
      <Preferences />
      <Devices />
    </>
  );
}

function Preferences() {
  const prefs = useLoaded(() => api.GET('/api/user/notification-preferences').then((r) => ({ data: r.data?.events, error: r.error })));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const toggle = async (event: PreferenceEvent, channel: Channel, on: boolean) => {
    const { data, error } = await api.PATCH('/api/user/notification-preferences', { body: { key: event.key, channels: { [channel]: on } } });
    if (!data) return setOutcome({ ok: false, text: errorText(error) });
    prefs.setData(prefs.data!.map((e) => (e.key === data.key ? data : e)));
    const label = CHANNELS.find((c) => c.key === channel)!.label.toLowerCase();
    setOutcome({ ok: true, text: `${event.label}: ${label} is ${on ? 'on' : 'off'}.` });
  };
  return (
    <section aria-labelledby="prefs-heading">
      <h2 id="prefs-heading">Notification preferences</h2>
      <ErrorLine text={prefs.error} />
      {prefs.data ? (
        <div class="table-wrap">
          <table class="matrix">
            <caption class="visually-hidden">Which notifications reach you, and how</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                {CHANNELS.map((c) => (
                  <th scope="col" key={c.key}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preferenceMatrix(prefs.data).map(({ event, cells }) => (
                <tr key={event.key}>
                  <th scope="row">
                    {event.label}
                    <span class="hint"> {event.description}</span>
                  </th>
                  {cells.map((cell) => {
                    const channel = CHANNELS.find((c) => c.key === cell.channel)!.label;
                    return (
                      <td key={cell.channel}>
                        {cell.supported ? (
                          <input
                            type="checkbox"
                            checked={cell.on}
                            aria-label={`${event.label}: ${channel}`}
                            onChange={(e) => toggle(event, cell.channel, e.currentTarget.checked)}
                          />
                        ) : (
                          <span class="hint">
                            <span aria-hidden="true">—</span>
                            <span class="visually-hidden">not sent by {channel.toLowerCase()}</span>
                          </span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <OutcomeLine outcome={outcome} />
    </section>
  );
}

function Devices() {
  const devices = useLoaded(() => api.GET('/api/push/devices').then((r) => ({ data: r.data?.devices, error: r.error })));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const remove = async (d: Schemas['PushDevice']) => {
    const res = await api.DELETE('/api/push/unregister', { body: { token: d.token } });
    setOutcome(outcomeOf(res, 'The device is removed: it gets no more push notifications.'));
    await devices.reload();
    focusHeading('devices-heading');
  };
  return (
    <section aria-labelledby="devices-heading">
      <h2 id="devices-heading" tabIndex={-1}>Push devices</h2>
      <ErrorLine text={devices.error} />
      {devices.data?.length === 0 ? <p>No device is registered for push notifications. The mobile app registers one when you allow notifications.</p> : null}
      <ul class="settings-list">
        {devices.data?.map((d) => {
          const name = `${d.platform === 'ios' ? 'iOS' : 'Android'} device ending …${d.token.slice(-6)}`;
          return (
            <li key={d.token}>
              <p>
                <strong>{name}</strong>
                {d.environment === 'sandbox' ? ' (sandbox)' : ''}
              </p>
              <p class="meta">Registered {formatWhen(d.updatedAt)}</p>
              <button type="button" onClick={() => remove(d)}>
                Remove<span class="visually-hidden"> {name}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <OutcomeLine outcome={outcome} />
    </section>
  );
}
