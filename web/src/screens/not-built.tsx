import { useTitle } from '../components/title';
import type { ScreenProps } from '../screen-props';

// The paths of the contract whose screens are not built yet (issue 35 stays open for them): the
// page opens and says so plainly, and everything there works through the API meanwhile.
export default function NotBuilt({ route }: ScreenProps) {
  useTitle('Not available yet');
  return (
    <>
      <h1 tabIndex={-1}>Not available in the web client yet</h1>
      <p>
        The page for <code>{route.pathname}</code> is not part of the web client yet. Everything it will show can be done through the API
        (<a href="/api-docs">API documentation</a>).
      </p>
      <p>
        <a href="/">Go to the home page</a>
      </p>
    </>
  );
}
