import { useEffect } from 'preact/hooks';

/** Sets the document title for the screen: "<title> · Social Lists". */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Social Lists`;
  }, [title]);
}
