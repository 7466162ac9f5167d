import { useTitle } from '../components/title';

// The one not-found page: the server sends its text with status 404 for any path that names
// nothing (or an item the requester may not read); the client shows the same words.
export const NOT_FOUND_TEXT = 'There is nothing at this address, or it is not visible to you.';

export default function NotFound() {
  useTitle('Page not found');
  return (
    <>
      <h1 tabIndex={-1}>Page not found</h1>
      <p>{NOT_FOUND_TEXT}</p>
      <p>
        <a href="/">Go to the home page</a>
      </p>
    </>
  );
}
