import type { ComponentType } from 'preact';
import { useTitle } from '../components/title';
import type { Route } from '../router';
import type { ScreenProps } from '../screen-props';
import { useSession } from '../session';
import NotFound from './not-found';
import { SETTINGS_PARTS, settingsPart, type SettingsPart } from './settings/logic';
import { AccountPart } from './settings/account';
import { BillingPart } from './settings/billing';
import { DataPart } from './settings/data';
import { NetworksPart } from './settings/networks';
import { NotificationsPart } from './settings/notifications';
import { ProfilePart } from './settings/profile';
import { SessionsPart } from './settings/sessions';
import './settings.css';

// `/settings` and `/settings/<part>`: the account's settings, one part at a time, with a list of
// the parts beside them (the current one marked). An unknown part is the not-found page.

const PARTS: Record<SettingsPart, ComponentType<{ route: Route }>> = {
  profile: ProfilePart,
  account: AccountPart,
  sessions: SessionsPart,
  networks: NetworksPart,
  notifications: NotificationsPart,
  billing: BillingPart,
  data: DataPart,
};

export default function Settings({ param, route }: ScreenProps) {
  const user = useSession();
  const part = settingsPart(param);
  const label = SETTINGS_PARTS.find((p) => p.key === part)?.label ?? 'Settings';
  useTitle(part ? `Settings: ${label}` : 'Page not found');
  if (!part) return <NotFound />;
  if (!user) {
    return (
      <>
        <h1 tabIndex={-1}>Settings</h1>
        <p>
          <a href={`/login`}>Sign in</a> to change your settings.
        </p>
      </>
    );
  }
  const Part = PARTS[part];
  const current = route.pathname.replace(/\/+$/, '');
  return (
    <div class="settings">
      <h1 tabIndex={-1}>Settings: {label}</h1>
      <nav aria-label="Settings" class="settings-nav">
        <ul>
          {SETTINGS_PARTS.map((p) => {
            const href = `/settings/${p.key}`;
            const here = p.key === part && (current === href || (current === '/settings' && p.key === 'profile'));
            return (
              <li key={p.key}>
                <a href={href} aria-current={here ? 'page' : undefined}>
                  {p.label}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      <div class="settings-part">
        <Part route={route} />
      </div>
    </div>
  );
}
