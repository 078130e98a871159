"""Holds COUNT slow connections open to a server, the way a slowloris client does: each sends
half a request head, then one more header line every INTERVAL seconds and never finishes it.
When the server closes one, it is opened again a second later. All connections come from
SOURCE (default 127.0.0.2), so the visitor being measured on 127.0.0.1 is another client.

    python3 holder.py HOST:PORT COUNT STATUS_FILE [--source 127.0.0.2] [--interval 1]

Writes "connections held now" to STATUS_FILE about once a second; runs until SIGTERM or
SIGINT. Loopback only.
"""

import argparse
import asyncio
import resource
import signal


async def hold(host, port, source, interval, state, stop):
    while not stop.is_set():
        writer = None
        try:
            reader, writer = await asyncio.open_connection(host, port, local_addr=(source, 0))
            writer.write(b"GET / HTTP/1.1\r\nHost: bench\r\n")
            await writer.drain()
            state["held"] += 1
            try:
                while not stop.is_set():
                    try:
                        await asyncio.wait_for(stop.wait(), interval)
                    except asyncio.TimeoutError:
                        pass
                    if reader.at_eof() or writer.transport.is_closing():
                        break
                    writer.write(b"X-Trickle: 1\r\n")
                    await writer.drain()
            finally:
                state["held"] -= 1
        except (OSError, ConnectionError):
            pass
        finally:
            if writer is not None:
                writer.close()
        try:
            await asyncio.wait_for(stop.wait(), 1.0)
        except asyncio.TimeoutError:
            pass


async def report(path, state, stop):
    while not stop.is_set():
        with open(path, "w") as f:
            f.write(f"{state['held']}\n")
        try:
            await asyncio.wait_for(stop.wait(), 1.0)
        except asyncio.TimeoutError:
            pass


async def main():
    p = argparse.ArgumentParser()
    p.add_argument("target")
    p.add_argument("count", type=int)
    p.add_argument("status")
    p.add_argument("--source", default="127.0.0.2")
    p.add_argument("--interval", type=float, default=1.0)
    args = p.parse_args()
    host, port = args.target.rsplit(":", 1)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = args.count + 64
    if soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(want, hard), hard))
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    state = {"held": 0}
    tasks = [
        asyncio.create_task(hold(host, int(port), args.source, args.interval, state, stop))
        for _ in range(args.count)
    ]
    tasks.append(asyncio.create_task(report(args.status, state, stop)))
    await asyncio.gather(*tasks)


if __name__ == "__main__":
    asyncio.run(main())
