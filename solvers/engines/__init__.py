"""The solve engines behind one entry point: a request in (`request.py`), the engine the registry picks for it
(`registry.py`), and one module per engine whose `events(request)` yields the engine's typed events."""
