import type { ComponentChildren } from 'preact';
import type { Schemas } from '../api';
import './social.css';

// A list of people (name, handle, link to the profile) with the actions a screen gives each one.

export type Person = Schemas['UserSummary'];

export function PeopleList(props: { people: Person[]; label: string; actions: (p: Person) => ComponentChildren }) {
  return (
    <ul class="people" aria-label={props.label}>
      {props.people.map((p) => (
        <li key={p.id}>
          <span class="who">
            <a href={`/users/${encodeURIComponent(p.username)}`}>{p.displayName}</a> <span class="handle">@{p.username}</span>
          </span>
          <span class="row-actions">{props.actions(p)}</span>
        </li>
      ))}
    </ul>
  );
}
