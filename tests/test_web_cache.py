"""The SQLite web cache: TTL, corruption, concurrent writers."""
import threading

from truthometer.evidence.web.cache import WebCache


class Clock:
    def __init__(self):
        self.now = 1_000_000.0

    def __call__(self):
        return self.now


def test_round_trip_and_ttl(tmp_path):
    clock = Clock()
    cache = WebCache(tmp_path / "c" / "web.sqlite3", ttl=3600, clock=clock)
    hits = [{"url": "http://h/a", "title": "A", "snippet": "s"}]
    cache.put_search("searxng:x", "Eiffel  Tower", 5, hits)
    cache.put_page("http://h/a", {"url": "http://h/a", "title": "A", "date": "", "text": "Body."})
    assert cache.get_search("searxng:x", "Eiffel Tower", 5) == hits  # whitespace does not matter
    assert cache.get_search("searxng:y", "Eiffel Tower", 5) is None  # another backend
    assert cache.get_search("searxng:x", "Eiffel Tower", 3) is None
    assert cache.get_page("http://h/a")["text"] == "Body."
    clock.now += 3599
    assert cache.get_page("http://h/a") is not None
    clock.now += 2
    assert cache.get_page("http://h/a") is None and cache.get_search("searxng:x", "Eiffel Tower", 5) is None
    assert cache.purge_expired() == 2
    # A second process sees what the first stored.
    cache.put_page("http://h/b", {"text": "B"})
    assert WebCache(tmp_path / "c" / "web.sqlite3", ttl=3600, clock=clock).get_page("http://h/b") == {"text": "B"}


def test_corrupt_file_is_skipped(tmp_path):
    path = tmp_path / "web.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    cache = WebCache(path)
    assert cache.error and "unusable" in cache.error
    cache.put_page("http://h/a", {"text": "x"})  # no exception
    assert cache.get_page("http://h/a") is None


def test_concurrent_writers(tmp_path):
    path = tmp_path / "web.sqlite3"
    errors = []

    def writer(n):
        try:
            cache = WebCache(path)
            for i in range(30):
                cache.put_page(f"http://h/{n}/{i}", {"text": f"{n}-{i}"})
        except Exception as exc:  # pragma: no cover - the assertion below reports it
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    cache = WebCache(path)
    assert all(cache.get_page(f"http://h/{n}/{i}") == {"text": f"{n}-{i}"} for n in range(4) for i in range(30))
