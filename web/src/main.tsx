import { render } from 'preact';
import { App } from './app';
import { interceptLinks } from './router';
import { refreshSession } from './session';
import './styles.css';

// Boot: the server's HTML (a public page's readable text, or a loading line) is replaced by the
// client once it runs; who is signed in comes from GET /api/user (the cookie), never from the page.
const root = document.getElementById('app')!;
interceptLinks();
void refreshSession().finally(() => {
  root.textContent = '';
  render(<App />, root);
});
