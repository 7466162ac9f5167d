import type { ComponentType } from 'preact';
import { useState } from 'preact/hooks';

// A button that shows or hides a panel whose module is loaded the first time it is opened (the
// AI and materialize panels are chunks of their own, so the screens that offer them stay small).

export function LazyToggle<P extends object>(props: { label: string; load: () => Promise<{ default: ComponentType<P> }>; panel: P }) {
  const [Panel, setPanel] = useState<ComponentType<P> | null>(null);
  const [open, setOpen] = useState(false);
  const toggle = async () => {
    if (!Panel) {
      const module = await props.load();
      setPanel(() => module.default);
    }
    setOpen(!open);
  };
  return (
    <>
      <button type="button" aria-expanded={open} onClick={() => void toggle()}>
        {props.label}
      </button>
      {open && Panel ? <Panel {...props.panel} /> : null}
    </>
  );
}
