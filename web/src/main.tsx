import { render } from 'preact';
import { App } from './app';
import { prefetchHomeFeed } from './feed-page';
import { currentRoute, interceptLinks, screenOf } from './router';
import { SCREENS } from './screens';
import { refreshSession } from './session';
import './styles.css';

// Boot: the server's HTML (a public page's readable text, or a loading line) is replaced by the
// client once it runs; who is signed in comes from GET /api/user (the cookie), never from the page.
const root = document.getElementById('app')!;
interceptLinks();
// The first screen's code, and on the home page its feed's first page, are fetched beside the
// session rather than after it (the browser keeps the module for the App's own import).
const first = screenOf(currentRoute());
SCREENS[first]().catch(() => undefined);
if (first === 'home') prefetchHomeFeed();
void refreshSession().finally(() => {
  root.textContent = '';
  render(<App />, root);
});
