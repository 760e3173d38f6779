import { afterEach, describe, expect, it } from 'vitest';
import { $, type Rendered, renderInShadow, settle } from '../../test/helpers/render';
import { lazyComponent } from './lazy-component';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Greeting({ name }: { name: string }) {
  return <p className="greeting">Hello {name}</p>;
}

describe('lazyComponent', () => {
  it('shows the fallback until the code arrives, then the component with its props', async () => {
    const code = deferred<typeof Greeting>();
    let loads = 0;
    const LazyGreeting = lazyComponent(
      () => {
        loads += 1;
        return code.promise;
      },
      <p className="waiting">Loading</p>,
    );
    view = renderInShadow(<LazyGreeting name="Ada" />);
    await settle();
    expect($(view.shadowRoot, '.waiting').textContent).toBe('Loading');
    code.resolve(Greeting);
    await settle();
    expect($(view.shadowRoot, '.greeting').textContent).toBe('Hello Ada');
    expect(view.shadowRoot.querySelector('.waiting')).toBeNull();

    // Mounted again: shown at once, not fetched twice.
    view.rerender(<span />);
    view.rerender(<LazyGreeting name="Grace" />);
    expect($(view.shadowRoot, '.greeting').textContent).toBe('Hello Grace');
    expect(loads).toBe(1);
  });

  it('shows the default error when the code fails to load, and tries again when mounted again', async () => {
    let attempt = 0;
    const LazyGreeting = lazyComponent(() => {
      attempt += 1;
      return attempt === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(Greeting);
    });
    view = renderInShadow(<LazyGreeting name="Ada" />);
    await settle();
    expect($(view.shadowRoot, '[role="alert"]').textContent).toBe('Something went wrong!');
    view.rerender(<span />);
    view.rerender(<LazyGreeting name="Ada" />);
    await settle();
    expect($(view.shadowRoot, '.greeting').textContent).toBe('Hello Ada');
    expect(attempt).toBe(2);
  });
});
