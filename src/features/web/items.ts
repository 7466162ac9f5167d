import type { FastifyRequest } from 'fastify';
import { getCaller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { readDocument } from '../documents/service.js';
import { presentPublicProfile, publicProfile } from '../follows/service.js';
import { getList } from '../lists/service.js';
import { feed, presentMessage, readMessage, replies, userMessages, viewerOf } from '../messages/service.js';
import { readOrg } from '../orgs/service.js';
import { countLinkRequest, readThroughLink, rowsThroughLink } from '../share-links/service.js';
import type { ItemKind } from './paths.js';
import { imageText, videoText } from '../../lib/media-text.js';
import { escapeHtml, summary, type PageHead } from './shell.js';

// What an item path opens: whether the requester may read the item (through the same services
// the API answers with, so the rules are never written twice), and for public pages the head
// and the readable text the server sends. `null`: the item is not there for this requester, and
// the page is the same 404 as for any other unknown path.

export interface ItemPage {
  head: PageHead;
  body: string;
}

type Message = ReturnType<typeof presentMessage>;
type Loader = (request: FastifyRequest, key: string, url: string) => Promise<ItemPage | null>;

const when = (iso: string) => iso.slice(0, 16).replace('T', ' ') + ' UTC';

/** A message's images and video, each with its author's description or what it is (media-text.ts). */
function mediaHtml(m: Message): string {
  if (m.imageUrls.length === 0 && m.videoUrls.length === 0) return '';
  const images = m.imageUrls.map((url, i) => `<img src="${escapeHtml(url)}" alt="${escapeHtml(imageText(m, i))}">`);
  const videos = m.videoUrls.map((url, i) => `<video src="${escapeHtml(url)}" controls preload="none" aria-label="${escapeHtml(videoText(m, i))}"></video>`);
  return `<p class="media">${[...images, ...videos].join('')}</p>`;
}

/** A message as readable HTML, escaped (the client replaces it with its own). */
function messageHtml(m: Message, heading: 'h1' | 'h2' = 'h2'): string {
  const tags = m.tags.map((t) => `<a href="/tags/${encodeURIComponent(t)}">#${escapeHtml(t)}</a>`).join(' ');
  return [
    `<article class="message">`,
    `<${heading} class="byline"><a href="/users/${encodeURIComponent(m.user.username)}">${escapeHtml(m.user.displayName)}</a> <span class="handle">@${escapeHtml(m.user.username)}</span></${heading}>`,
    m.content ? `<p class="content">${escapeHtml(m.content)}</p>` : '',
    mediaHtml(m),
    tags ? `<p>${tags}</p>` : '',
    `<p class="meta"><a href="/messages/${encodeURIComponent(m.id)}"><time datetime="${escapeHtml(m.createdAt)}">${when(m.createdAt)}</time></a></p>`,
    `</article>`,
  ].join('');
}

const messageList = (messages: Message[], empty: string) => (messages.length ? messages.map((m) => messageHtml(m)).join('\n') : `<p>${escapeHtml(empty)}</p>`);

/** A page whose item only its signed-in readers see: no text in the HTML, the client fetches it. */
const privatePage = (title: string): ItemPage => ({ head: { title }, body: '<p class="loading">Loading…</p>' });

/** The first image of a message and its description, for its card in chat apps. */
const firstImage = (m: Message) => (m.imageUrls.length ? { image: { url: m.imageUrls[0], alt: m.imageAlts?.[0] ?? '' } } : {});

const LOADERS: Record<ItemKind, Loader> = {
  message: async (request, id, url) => {
    const viewer = viewerOf((await getCaller(request))?.user);
    const message = presentMessage(await readMessage(request.ctx, viewer, id));
    const answers = (await replies(request.ctx, viewer, id, 20, 0)).map(presentMessage);
    const title = `${message.user.displayName} (@${message.user.username})`;
    return {
      head: {
        title,
        description: summary(message.content || 'A pushed message'),
        ...(message.publiclyVisible ? { openGraph: { type: 'article', url, ...firstImage(message) } } : {}),
      },
      body: `${messageHtml(message, 'h1')}\n<section><h2>Replies</h2>${messageList(answers, 'No replies yet.')}</section>`,
    };
  },
  user: async (request, username, url) => {
    const caller = await getCaller(request);
    const profile = presentPublicProfile(await publicProfile(request.ctx, caller?.user.id ?? null, username));
    const { messages } = await userMessages(request.ctx, viewerOf(caller?.user), profile.username, 20, 0);
    const title = `${profile.displayName} (@${profile.username})`;
    const description = profile.bio ? summary(profile.bio) : `${profile.displayName} on Social Lists`;
    return {
      head: { title, description, openGraph: { type: 'profile', url } },
      body: [
        `<h1>${escapeHtml(profile.displayName)} <span class="handle">@${escapeHtml(profile.username)}</span></h1>`,
        profile.bio ? `<p class="bio">${escapeHtml(profile.bio)}</p>` : '',
        `<p class="meta">${profile.followersCount} followers · following ${profile.followingCount}</p>`,
        `<h2>Messages</h2>`,
        messageList(messages.map(presentMessage), 'No messages to show.'),
      ].join('\n'),
    };
  },
  tag: async (request, tag, url) => {
    // The API's rule for a tag filter: 1 to 50 characters.
    if ([...tag].length > 50) return null;
    const { messages } = await feed(request.ctx, viewerOf((await getCaller(request))?.user), { tag, limit: 20, offset: 0 });
    return {
      head: { title: `#${tag}`, description: `Messages tagged #${tag} on Social Lists`, openGraph: { type: 'website', url } },
      body: `<h1>#${escapeHtml(tag)}</h1>\n${messageList(messages.map(presentMessage), 'No messages with this tag yet.')}`,
    };
  },
  shareLink: async (request, token, url) => {
    // Counted as the API counts reads through links, so the page is no way around the limit.
    await countLinkRequest(request.ctx, request.ip);
    const item = await readThroughLink(request.ctx, token);
    const head = (title: string, description: string): PageHead => ({ title, description, openGraph: { type: 'article', url }, privateAddress: true });
    const by = `<p class="meta">Shared by ${escapeHtml(item.owner.displayName)}</p>`;
    if ('document' in item) {
      const { title, content } = item.document;
      return { head: head(title, summary(content)), body: `<article><h1>${escapeHtml(title)}</h1>${by}<pre class="document-text">${escapeHtml(content)}</pre></article>` };
    }
    const { list } = item;
    const fields = (list.schema.fields ?? []) as { key: string; label?: string }[];
    const { rows } = await rowsThroughLink(request.ctx, token, { limit: 50, offset: 0 });
    const cell = (v: unknown) => escapeHtml(v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
    const table = [
      '<table><thead><tr>',
      ...fields.map((f) => `<th scope="col">${escapeHtml(f.label ?? f.key)}</th>`),
      '</tr></thead><tbody>',
      ...rows.map((r: { data: Record<string, unknown> }) => `<tr>${fields.map((f) => `<td>${cell(r.data[f.key])}</td>`).join('')}</tr>`),
      '</tbody></table>',
    ].join('');
    return {
      head: head(list.title, summary(list.description ?? `A list shared by ${item.owner.displayName}`)),
      body: `<h1>${escapeHtml(list.title)}</h1>${by}${list.description ? `<p>${escapeHtml(list.description)}</p>` : ''}${table}`,
    };
  },
  list: async (request, id) => {
    const caller = await getCaller(request);
    if (!caller) return null;
    const { list } = await getList(request.ctx, caller.user.id, id);
    return privatePage(list.title);
  },
  document: async (request, id) => {
    const caller = await getCaller(request);
    if (!caller) return null;
    const doc = await readDocument(request.ctx, caller.user.id, id);
    return privatePage(doc.title);
  },
  org: async (request, slug) => {
    const caller = await getCaller(request);
    if (!caller) return null;
    const org = await readOrg(request.ctx, slug, caller.user.id);
    return privatePage(org.name);
  },
};

/**
 * The page of an item path, or null when the requester may not read the item. A refusal of the
 * key itself (a malformed id: 400) or of the item (404) is the same null: nothing leaks.
 */
export async function itemPage(request: FastifyRequest, kind: ItemKind, key: string, url: string): Promise<ItemPage | null> {
  try {
    return await LOADERS[kind](request, key, url);
  } catch (err) {
    if (err instanceof AppError && (err.statusCode === 404 || err.statusCode === 400)) return null;
    throw err;
  }
}
