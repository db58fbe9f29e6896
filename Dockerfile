# bext in a container, for users with a container engine and a registry:
#   docker build -t bext . && docker run -p 3000:3000 --read-only --tmpfs /run/bext bext
# scripts/image assembles the same image (an OCI layout) without a daemon.
# Mount your app over /app and your bext.toml over /etc/bext/bext.toml.

FROM rust:1-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release -p bext-supervisor -p bext-worker \
 && strip target/release/bextd target/release/bext target/release/bext-worker

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --gid 10001 bext \
 && useradd --uid 10001 --gid bext --home-dir /app --shell /usr/sbin/nologin bext \
 && mkdir -p /run/bext /var/lib/bext /etc/bext /app \
 && chown bext:bext /run/bext /var/lib/bext
COPY --from=build /src/target/release/bextd /src/target/release/bext /usr/local/bin/
# bextd finds its worker in ../libexec/bext/ beside itself.
COPY --from=build /src/target/release/bext-worker /usr/local/libexec/bext/
COPY scripts/examples/hello/worker.js /app/worker.js
COPY <<'TOML' /etc/bext/bext.toml
[server]
listen = "0.0.0.0:3000"
# A writable volume (emptyDir, --tmpfs): the root file system may be read-only.
control_socket = "/run/bext/bext.sock"

[render]
script = "/app/worker.js"
jsc_workers = "auto"

[jobs]
state_file = "/var/lib/bext/jobs.db"
TOML
USER 10001:10001
WORKDIR /app
EXPOSE 3000
VOLUME ["/run/bext", "/var/lib/bext"]
STOPSIGNAL SIGTERM
# bextd is PID 1 itself: it reaps orphans and drains on SIGTERM (no tini).
ENTRYPOINT ["/usr/local/bin/bextd"]
CMD ["--config", "/etc/bext/bext.toml", "--log-format", "json"]
