import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { useElementHost } from '../../shared/element';
import type { Card } from '../../shared/schemas/profile';
import type { ProfileStore } from '../../shared/stores/profile';
import { Badge, Button, ConfirmDialog } from '../../shared/ui';
import { brandLabel, CardBrandIcon } from './CardBrandIcon';

type Asking = { kind: 'default' | 'remove'; card: Card };

const questions = {
  default: 'Are you sure you want to set this card as default?',
  remove: 'Are you sure you want to remove this card?',
};

/**
 * The saved cards (spec §4 Cards), default first: set default and remove after a yes/no question;
 * removal only while more than one card exists, and never the default (a warning says why);
 * 'Add New Card' goes to the gateway's card page.
 */
export function SavedCards({ store }: { store: ProfileStore }) {
  const { profile, card: running } = useStore(store.$profile);
  const [asking, setAsking] = useState<Asking | null>(null);
  const host = useElementHost();
  const titleId = useId();
  const cards = profile?.cards ?? [];

  const confirm = async () => {
    if (!asking) return;
    const id = asking.card.source.id;
    if (asking.kind === 'default') await store.setDefaultCard(id);
    else await store.removeCard(id);
    setAsking(null);
  };

  const addCard = async () => {
    const url = await store.addCard();
    // Announced first (a cancelable vendor-navigate), like every move an element makes.
    if (url && host.announceNavigation(url)) globalThis.location.assign(url);
  };

  const askRemove = (card: Card) => {
    // The store shows the spec's warning for the default card instead of asking.
    if (card.default) void store.removeCard(card.source.id);
    else setAsking({ kind: 'remove', card });
  };

  return (
    <section className="profile__cards" aria-labelledby={titleId}>
      <h2 id={titleId} className="profile__title">
        Payment methods
      </h2>
      {cards.length === 0 ? (
        <p className="profile__empty">No saved cards yet.</p>
      ) : (
        <ul className="profile__card-list">
          {cards.map((card) => (
            <li key={card.source.id} className="profile__card" part="card" data-default={card.default}>
              <CardBrandIcon brand={card.source.brand} />
              <span className="profile__card-name">
                {brandLabel(card.source.brand)} ending in {card.source.last4}
              </span>
              {card.default && <Badge tone="success">Default</Badge>}
              <span className="profile__card-actions">
                {!card.default && (
                  <Button
                    size="small"
                    variant="secondary"
                    disabled={running !== null}
                    aria-label={`Set as default: ${brandLabel(card.source.brand)} ending in ${card.source.last4}`}
                    onClick={() => setAsking({ kind: 'default', card })}
                  >
                    Set as default
                  </Button>
                )}
                {cards.length > 1 && (
                  <Button
                    size="small"
                    variant="danger"
                    disabled={running !== null}
                    aria-label={`Remove ${brandLabel(card.source.brand)} ending in ${card.source.last4}`}
                    onClick={() => askRemove(card)}
                  >
                    Remove
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="profile__actions">
        <Button loading={running?.kind === 'add'} onClick={() => void addCard()}>
          Add New Card
        </Button>
      </div>
      <ConfirmDialog
        open={asking !== null}
        question={asking ? questions[asking.kind] : ''}
        danger={asking?.kind === 'remove'}
        busy={running !== null && running.kind !== 'add'}
        onCancel={() => setAsking(null)}
        onConfirm={() => void confirm()}
      />
    </section>
  );
}
