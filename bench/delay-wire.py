"""A point-to-point link with delay, for bench/discovery-namespace.bench.ts (this kernel has no netem).

Usage: delay-wire.py TUN_A TUN_B DELAY_MS [FIREWALLED_ADDRESS ALLOWED_PORT,...]
Copies every IP packet between two existing tun devices, each after DELAY_MS; TCP to FIREWALLED_ADDRESS on
any port but the allowed ones is dropped on the way, as a router's access list would. Prints 'up' when ready.
"""
import fcntl
import heapq
import os
import select
import socket
import struct
import sys
import time

TUNSETIFF, IFF_TUN, IFF_NO_PI = 0x400454CA, 0x0001, 0x1000


def open_tun(name):
    fd = os.open('/dev/net/tun', os.O_RDWR | os.O_NONBLOCK)
    fcntl.ioctl(fd, TUNSETIFF, struct.pack('16sH', name.encode(), IFF_TUN | IFF_NO_PI))
    return fd


def dropped(packet, firewalled, allowed):
    if len(packet) < 24 or packet[0] >> 4 != 4 or packet[9] != socket.IPPROTO_TCP or packet[16:20] != firewalled:
        return False
    header = (packet[0] & 0x0F) * 4
    return struct.unpack('!H', packet[header + 2:header + 4])[0] not in allowed


def main():
    a, b, delay = open_tun(sys.argv[1]), open_tun(sys.argv[2]), float(sys.argv[3]) / 1000
    firewalled = socket.inet_aton(sys.argv[4]) if len(sys.argv) > 4 else None
    allowed = {int(port) for port in sys.argv[5].split(',')} if len(sys.argv) > 5 else set()
    print('up', flush=True)
    peer, due, order = {a: b, b: a}, [], 0
    while True:
        wait = max(0.0, due[0][0] - time.monotonic()) if due else None
        for fd in select.select([a, b], [], [], wait)[0]:
            while True:
                try:
                    packet = os.read(fd, 65536)
                except BlockingIOError:
                    break
                if firewalled and dropped(packet, firewalled, allowed):
                    continue
                order += 1
                heapq.heappush(due, (time.monotonic() + delay, order, peer[fd], packet))
        now = time.monotonic()
        while due and due[0][0] <= now:
            _, _, fd, packet = heapq.heappop(due)
            try:
                os.write(fd, packet)
            except OSError:
                pass  # the link went away: the bench is ending


main()
