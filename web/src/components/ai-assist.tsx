export default function AiAssist(_props: { content: string; setContent: (t: string) => void; channels: string[] }) {
  return <p>AI</p>;
}
