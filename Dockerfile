# One image for every target: `podium <target>` picks what a container runs.

FROM node:20-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
ARG VITE_HANDSONTABLE_LICENSE_KEY=non-commercial-and-evaluation
RUN npm run build

FROM golang:1.26-bookworm AS go
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/podium ./cmd/podium

# distroless: no shell, no package manager; runs as an unprivileged user.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=go /out/podium /podium
COPY --from=web /src/web/dist /web
ENV PODIUM_WEB_DIR=/web PODIUM_LOG_FORMAT=json
USER 65532:65532
EXPOSE 8080 9090
ENTRYPOINT ["/podium"]
CMD ["all"]
