import type { ComponentType } from 'preact';
import { useEffect, useId, useState } from 'preact/hooks';
import { api, errorText, type Schemas } from '../api';
import { useSession } from '../session';
import type { Lengths, MessageBody } from './composer-types';
import { ErrorLine } from './error-line';
import { NETWORK_LABELS } from './network-names';
import { localInput, slotOf } from './slots';
import { IMAGE_TYPES, mediaSrc, uploadMedia, VIDEO_TYPES } from './upload';
import './composer-options.css';

// A new post's further options, loaded when the person opens them: post to an organization,
// images and a video (uploaded at once, with progress), a time to publish (the service rounds it up
// to the next 5-minute slot, shown here before posting), cross-posting to each linked network with
// a live count by that network's own rule (src/lib/post-lengths.ts, the service's), and AI help.
// The composer merges `body` into its POST; `problem` (in words) holds the post back.

export interface ComposerExtra {
  body: Partial<MessageBody>;
  problem: string | null;
}
export interface ComposerOptionsProps {
  content: string;
  setContent: (text: string) => void;
  lengths: Lengths | null;
  onChange: (extra: ComposerExtra) => void;
}

type Identity = Schemas['Identity'];
type Channel = Lengths['CHANNELS'][number];
interface Upload {
  key: number;
  name: string;
  kind: 'image' | 'video';
  progress: number;
  url?: string;
  error?: string;
  /** Its description for those who cannot see it (alt text); "" for none. */
  alt: string;
}

const NETWORK_NAMES: Record<Channel, string> = NETWORK_LABELS;
const MAX_IMAGES = 8;
/** The service's limit of a description (alt text), as Mastodon's. */
const ALT_MAX = 1500;
/** Counted as the service counts a string's length (code points). */
const altLength = (alt: string) => [...alt].length;
const when = (d: Date) => d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const isSubscriber = (status: string | undefined) => !!status?.startsWith('subscriber');
let nextKey = 0;

export default function ComposerOptions(props: ComposerOptionsProps) {
  const user = useSession();
  const id = useId();
  const subscriber = isSubscriber(user?.customerStatus);
  const [orgs, setOrgs] = useState<Schemas['Organization'][]>([]);
  const [orgId, setOrgId] = useState('');
  const [identities, setIdentities] = useState<Identity[]>([]);
  const [networks, setNetworks] = useState<Set<string>>(new Set());
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [scheduling, setScheduling] = useState(false);
  const [at, setAt] = useState(() => localInput(slotOf(new Date(Date.now() + 15 * 60_000))));
  const [error, setError] = useState('');
  // networkC: the authors one may post as (the person, organization pages), and the link's place.
  const [cTargets, setCTargets] = useState<Schemas['NetworkCTarget'][] | null>(null);
  const [cChosen, setCChosen] = useState<string[]>([]);
  const [linkAsComment, setLinkAsComment] = useState(false);
  const [Assist, setAssist] = useState<ComponentType<{ content: string; setContent: (t: string) => void; channels: string[] }> | null>(null);

  useEffect(() => {
    void api.GET('/api/orgs').then(({ data }) => setOrgs(data?.orgs.filter((o) => o.role !== null) ?? []));
    if (subscriber) void api.GET('/api/user/identities').then(({ data, error: failure }) => (data ? setIdentities(data.identities.filter((i) => i.provider !== 'codehost')) : setError(errorText(failure))));
  }, [subscriber]);

  const selected = identities.filter((i) => networks.has(i.id));
  const channels = [...new Set(selected.map((i) => i.provider as Channel))];
  const counts = channels.map((c) => {
    const rule = props.lengths?.NETWORKS[c];
    const used = rule ? rule.measure(props.content) : null;
    return { channel: c, used, limit: rule?.limit ?? 0, unit: rule?.unit ?? 'characters', over: rule !== undefined && used !== null && used > rule.limit };
  });
  const toNetworkC = channels.includes('networkC');
  useEffect(() => {
    if (toNetworkC && cTargets === null) void api.GET('/api/user/networkC/targets').then(({ data, error: failure }) => (data ? setCTargets(data.targets) : setError(errorText(failure))));
  }, [toNetworkC]);
  const publishAt = scheduling && at ? new Date(at) : null;
  const slot = publishAt && !Number.isNaN(publishAt.getTime()) ? slotOf(publishAt) : null;

  useEffect(() => {
    const body: ComposerExtra['body'] = {};
    if (orgId) body.orgId = orgId;
    const images = uploads.filter((u) => u.kind === 'image' && u.url);
    const videos = uploads.filter((u) => u.kind === 'video' && u.url);
    if (images.length) body.imageUrls = images.map((u) => u.url!);
    if (videos.length) body.videoUrls = videos.map((u) => u.url!);
    // Item i describes URL i; sent only when one says something.
    if (images.some((u) => u.alt.trim())) body.imageAlts = images.map((u) => u.alt);
    if (videos.some((u) => u.alt.trim())) body.videoAlts = videos.map((u) => u.alt);
    if (slot) body.scheduledAt = slot.toISOString();
    const aIds = selected.filter((i) => i.provider === 'networkA').map((i) => i.id);
    if (aIds.length) body.networkAProviderIds = aIds;
    if (channels.includes('networkB')) body.crossPostToNetworkB = true;
    if (toNetworkC) {
      body.crossPostToNetworkC = true;
      if (cChosen.length) body.networkCTargets = cChosen;
      if (linkAsComment) body.networkCLinkAsFirstComment = true;
    }
    if (channels.includes('networkD')) body.crossPostToNetworkD = true;
    const overOne = counts.find((c) => c.over);
    const longAlt = uploads.find((u) => altLength(u.alt) > ALT_MAX);
    const problem = uploads.some((u) => !u.url && !u.error)
      ? 'Wait for the uploads to finish.'
      : longAlt
        ? `The description of ${longAlt.name} is too long.`
        : overOne
        ? `Too long for ${NETWORK_NAMES[overOne.channel]}.`
        : scheduling && (!slot || slot.getTime() <= Date.now())
          ? 'Choose a time in the future to publish at.'
          : null;
    props.onChange({ body, problem });
  }, [orgId, uploads, scheduling, at, networks, identities, props.content, props.lengths, cChosen, linkAsComment]);

  const addFiles = (files: FileList | null) => {
    setError('');
    const added: Upload[] = [];
    const all = () => [...uploads, ...added];
    for (const file of Array.from(files ?? [])) {
      const kind = IMAGE_TYPES.includes(file.type) ? 'image' : VIDEO_TYPES.includes(file.type) ? 'video' : null;
      if (!kind) {
        setError(`${file.name} is neither an image (JPEG, PNG, WebP, GIF) nor a video (MP4, WebM, QuickTime, AVI).`);
        continue;
      }
      if (kind === 'video' && all().some((u) => u.kind === 'video')) {
        setError('A message takes one video.');
        continue;
      }
      if (kind === 'image' && all().filter((u) => u.kind === 'image').length >= MAX_IMAGES) {
        setError(`A message takes at most ${MAX_IMAGES} images.`);
        continue;
      }
      const key = nextKey++;
      added.push({ key, name: file.name, kind, progress: 0, alt: '' });
      const update = (change: Partial<Upload>) => setUploads((old) => old.map((u) => (u.key === key ? { ...u, ...change } : u)));
      void uploadMedia(file, kind === 'image' ? 'images' : 'videos', (progress) => update({ progress })).then((result) =>
        update({ progress: 1, ...('url' in result ? { url: result.url } : { error: result.error }) }),
      );
    }
    setUploads((old) => [...old, ...added]);
  };
  const toggleNetwork = (identity: Identity, on: boolean) =>
    setNetworks((old) => {
      const next = new Set(old);
      if (on) next.add(identity.id);
      else next.delete(identity.id);
      return next;
    });
  const openAssist = async () => {
    const module = await import('./ai-assist');
    setAssist(() => module.default);
  };

  return (
    <div class="composer-options">
      {orgs.length ? (
        <>
          <label for={`${id}-org`}>Post to</label>
          <select id={`${id}-org`} value={orgId} onChange={(e) => setOrgId(e.currentTarget.value)}>
            <option value="">Your own profile</option>
            {orgs.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </>
      ) : null}
      {!subscriber ? (
        <p class="hint">
          Images and video, scheduling, cross-posting and AI help come with a subscription (<a href="/settings/billing">billing</a>).
        </p>
      ) : (
        <>
          <fieldset>
            <legend>Images and video</legend>
            <label for={`${id}-files`}>Add images (up to {MAX_IMAGES}) or one video</label>
            <input id={`${id}-files`} type="file" multiple accept={[...IMAGE_TYPES, ...VIDEO_TYPES].join(',')} onChange={(e) => {
              addFiles(e.currentTarget.files);
              e.currentTarget.value = '';
            }} />
            {uploads.length ? (
              <ul class="uploads" aria-label="Attachments">
                {uploads.map((u) => (
                  <li key={u.key}>
                    {u.url && u.kind === 'image' ? <img src={mediaSrc(u.url)} alt={`Preview of ${u.name}`} /> : null}
                    <span>{u.name}</span>
                    {u.error ? (
                      <span class="error">{u.error}</span>
                    ) : u.url ? (
                      <span>uploaded</span>
                    ) : (
                      <progress max={1} value={u.progress} aria-label={`Uploading ${u.name}`} />
                    )}
                    <button type="button" onClick={() => setUploads((all) => all.filter((o) => o.key !== u.key))}>
                      Remove<span class="visually-hidden"> {u.name}</span>
                    </button>
                    {u.error ? null : <AltField id={`${id}-alt-${u.key}`} upload={u} onInput={(alt) => setUploads((all) => all.map((o) => (o.key === u.key ? { ...o, alt } : o)))} />}
                  </li>
                ))}
              </ul>
            ) : null}
          </fieldset>
          <fieldset>
            <legend>When</legend>
            <label class="check">
              <input type="checkbox" checked={scheduling} onChange={(e) => setScheduling(e.currentTarget.checked)} /> Publish later
            </label>
            {scheduling ? (
              <>
                <label for={`${id}-at`}>Publish at</label>
                <input id={`${id}-at`} type="datetime-local" value={at} min={localInput(new Date())} onInput={(e) => setAt(e.currentTarget.value)} aria-describedby={`${id}-slot`} />
                <p id={`${id}-slot`} class="hint">
                  {slot ? `Publishes at ${when(slot)} (times are rounded up to the next 5-minute slot).` : 'Choose a date and a time.'}
                </p>
              </>
            ) : null}
          </fieldset>
          <fieldset>
            <legend>Also post to</legend>
            {identities.length === 0 ? (
              <p class="hint">
                No network linked. Link one in <a href="/settings/networks">settings</a>.
              </p>
            ) : (
              identities.map((identity) => {
                const count = counts.find((c) => c.channel === identity.provider);
                const countId = `${id}-count-${identity.id}`;
                return (
                  <div key={identity.id} class="network">
                    <label class="check">
                      <input
                        type="checkbox"
                        checked={networks.has(identity.id)}
                        disabled={identity.status !== 'active'}
                        aria-describedby={networks.has(identity.id) ? countId : undefined}
                        onChange={(e) => toggleNetwork(identity, e.currentTarget.checked)}
                      />{' '}
                      {NETWORK_NAMES[identity.provider as Channel]}: {identity.handle}
                      {identity.instanceName ? ` on ${identity.instanceName}` : ''}
                      {identity.status !== 'active' ? ' (link it again in settings)' : ''}
                    </label>
                    {networks.has(identity.id) && identity.provider === 'networkC' ? (
                      <NetworkCChoices targets={cTargets} chosen={cChosen} onChosen={setCChosen} linkAsComment={linkAsComment} onLinkAsComment={setLinkAsComment} />
                    ) : null}
                    {networks.has(identity.id) && count ? (
                      <p id={countId} class={count.over ? 'count over' : 'count'}>
                        {count.used === null ? 'Counting…' : `${count.used} of ${count.limit} ${count.unit}${count.over ? `: ${count.used - count.limit} too many` : ''}`}
                      </p>
                    ) : null}
                  </div>
                );
              })
            )}
          </fieldset>
          {Assist ? (
            <Assist content={props.content} setContent={props.setContent} channels={channels} />
          ) : (
            <button type="button" onClick={openAssist}>
              Write with AI
            </button>
          )}
        </>
      )}
      <ErrorLine text={error} />
    </div>
  );
}

/** An attachment's description (alt text), with its live count against the service's limit. */
function AltField(props: { id: string; upload: Upload; onInput: (alt: string) => void }) {
  const used = altLength(props.upload.alt);
  const over = used > ALT_MAX;
  return (
    <div class="alt">
      <label for={props.id}>
        Description (alt text)<span class="visually-hidden"> of {props.upload.name}</span>
      </label>
      <textarea id={props.id} rows={2} value={props.upload.alt} onInput={(e) => props.onInput(e.currentTarget.value)} aria-describedby={`${props.id}-count`} />
      <p id={`${props.id}-count`} class={over ? 'count over' : 'count'}>
        {`${used} of ${ALT_MAX} characters${over ? `: ${used - ALT_MAX} too many` : ''}`}
        {props.upload.kind === 'image' ? '; leave it empty for an image that is only decoration' : ''}
      </p>
    </div>
  );
}

/** networkC's options: whom to post as (none chosen: the person), and the link in a first comment. */
function NetworkCChoices(props: {
  targets: Schemas['NetworkCTarget'][] | null;
  chosen: string[];
  onChosen: (ids: string[]) => void;
  linkAsComment: boolean;
  onLinkAsComment: (on: boolean) => void;
}) {
  return (
    <fieldset class="network-c">
      <legend>networkC options</legend>
      {props.targets === null ? <p class="loading">Loading the pages you can post as…</p> : null}
      {props.targets?.length ? <p class="hint">Post as (none chosen: yourself)</p> : null}
      {props.targets?.map((t) => (
        <label class="check" key={t.id}>
          <input
            type="checkbox"
            checked={props.chosen.includes(t.id)}
            onChange={(e) => props.onChosen(e.currentTarget.checked ? [...props.chosen, t.id] : props.chosen.filter((c) => c !== t.id))}
          />{' '}
          {t.name} ({t.kind === 'person' ? 'you' : 'organization page'})
        </label>
      ))}
      <label class="check">
        <input type="checkbox" checked={props.linkAsComment} onChange={(e) => props.onLinkAsComment(e.currentTarget.checked)} /> Put the message’s link in a first comment instead of the post
      </label>
    </fieldset>
  );
}
