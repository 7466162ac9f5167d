/** A failure said in words beside what failed, announced at once; nothing when there is none. */
export function ErrorLine({ text }: { text: string }) {
  return text ? (
    <p class="error" role="alert">
      {text}
    </p>
  ) : null;
}
